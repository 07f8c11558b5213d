import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {parse} from "yaml";
import type {AppEvent, FlashAttention, Message, PreflightCall} from "../../shared/contract.js";
import {createCore} from "../core.js";
import {fixedApprover} from "../tools/approvals.js";
import {connectionFailure} from "../llm/connectionFailure.js";
import {messageOf} from "../../shared/format.js";

/** A scenario file (tests/stories/*.yaml); see docs/stories.md. */
export type Story = {
    story_id: string;
    title: string;
    settings?: {web?: boolean};
    tool_choice?: string;
    turns: Array<{
        query: string;
        preflight?: PreflightCall[];
        expected_content?: string[];
        must_not_contain?: string[];
    }>;
    expected_bus_events?: {present?: string[]; absent?: string[]};
    expected_requests?: number;
    tool_errors?: string[];
    response_generation_checks?: {
        answer_not_empty?: boolean;
        tool_calls_not_empty?: boolean;
        citations_not_empty?: boolean;
    };
};

export type StoryResult = {id: string; title: string; failures: string[]; skipped: string[]};

/**
 * Where a story's web requests go: `site` serves SearXNG's JSON search at /search and the pages stories
 * name as {site}/…; `requests` counts what it received, when the caller can tell (for expected_requests).
 */
export type StorySite = {site: string; requests?: () => number; reset?: () => void};

/**
 * Stories against a site that is not there would pass their checks on nothing (every search "fails" as
 * a story about failures expects): the site must answer its search first.
 */
async function checkSite(site: string): Promise<void> {
    const url = `${site.replace(/\/+$/, "")}/search?q=cairn&format=json`;
    let status: number;
    try {
        const res = await fetch(url, {signal: AbortSignal.timeout(10_000)});
        status = res.status;
        await res.body?.cancel();
    } catch (error) {
        const why = connectionFailure(error) ?? messageOf(error);
        throw new Error(
            `the story site ${site} cannot be reached (${why}); start it, or pass its address with --site URL`,
        );
    }
    if (status !== 200)
        throw new Error(
            `the story site ${site} answered ${status} to a search; --site takes a site with a SearXNG-format /search`,
        );
}

export function loadStories(files: string[]): Story[] {
    return files.map((file) => parse(fs.readFileSync(file, "utf8")) as Story);
}

/**
 * Runs story files in order, writing one line per story (and its skipped checks), then
 * "N passed, N failed". Returns how many failed.
 */
export async function runStoryFiles(
    files: string[],
    options: {model: string; instructed: boolean; site: StorySite} & RunChoices,
    write: (line: string) => void,
): Promise<number> {
    await checkSite(options.site.site);
    let passed = 0;
    let failed = 0;
    for (const story of loadStories(files)) {
        options.site.reset?.();
        const result = await runStory(story, options.model, options.instructed, options.site, options);
        const ok = result.failures.length === 0;
        if (ok) passed++;
        else failed++;
        write(
            `${ok ? "PASS" : "FAIL"} ${result.id} ${result.title}${ok ? "" : `: ${result.failures.join("; ")}`}`,
        );
        for (const reason of new Set(result.skipped)) write(`     skipped: ${reason}`);
    }
    write(`${passed} passed, ${failed} failed`);
    return failed;
}

/**
 * How a story set runs: `greedy`, the most likely token each time; `systemPrompt`, over the default one (a
 * test model trained under another prompt sees that one); `flashAttention`, over the one in Settings.
 */
export type RunChoices = {greedy?: boolean; systemPrompt?: string; flashAttention?: FlashAttention};

/**
 * Runs a story on the real stack in-process: a fresh data folder, the given model, the given site; with
 * `greedy`, the most likely token each time instead of the model family's sampling (a test model's answer is
 * then the one it was trained to give, the same on every run).
 */
export async function runStory(
    story: Story,
    model: string,
    modelCanFollowInstructions: boolean,
    fixtures: StorySite,
    {greedy = false, systemPrompt, flashAttention}: RunChoices = {},
): Promise<StoryResult> {
    const failures: string[] = [];
    const skipped: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cairn-story-"));
    fs.writeFileSync(
        path.join(dataDir, "tools.yaml"),
        // The site may be on this machine: its host is allowed past the private-address guard.
        `tools:\n    web_search:\n        options:\n            base_url: ${fixtures.site}\n    web_fetch:\n        options:\n            allow_hosts: [${JSON.stringify(new URL(fixtures.site).hostname)}]\n`,
    );
    const core = createCore({
        dataDir,
        modelPath: model,
        threads: 1,
        flashAttention,
        generation: {maxTokens: 96, seed: 1, ...(greedy ? {temperature: 0} : {}), systemPrompt},
        // Nobody is there to approve a write the model asks for (remember, say): it is denied, as the CLI's
        // --approve none does, instead of waiting for ever.
        approver: fixedApprover(false),
    });
    const events: string[] = [];
    const toolErrors: string[] = [];
    core.bus.subscribe((e: AppEvent) => {
        if (e.type === "tool.request" && e.call.status === "pending")
            events.push(`tool.request.${e.call.tool}`);
        if (e.type === "tool.result") {
            events.push(`tool.result.${e.call.tool}`);
            if (e.call.error) toolErrors.push(e.call.error);
        }
        if (e.type === "chat.token") events.push("response.generation");
        if (e.type === "chat.done") events.push("chat.done");
    });
    try {
        await core.loadConfiguredModel();
        if (core.engine.status().state !== "ready")
            throw new Error(core.engine.status().message ?? "the model did not load");
        const conversation = core.conversations.create(story.title);
        core.conversations.setWebAccess(conversation.id, story.settings?.web ?? false);
        const fill = (text: string) => text.replaceAll("{site}", fixtures.site);
        for (const turn of story.turns) {
            const done = new Promise<Message>((resolve) =>
                core.bus.subscribe(
                    (e) =>
                        e.type === "chat.done" && e.conversationId === conversation.id && resolve(e.message),
                ),
            );
            // A model that decides is left to decide: tool_choice and preflight calls are for one that cannot.
            const decides = modelCanFollowInstructions;
            const preflight = (decides ? [] : (turn.preflight ?? [])).map((p) => {
                const args: Record<string, unknown> = JSON.parse(fill(JSON.stringify(p.args))) as Record<
                    string,
                    unknown
                >;
                return {name: p.name, args};
            });
            const sent = core.chat.send(conversation.id, fill(turn.query), {
                toolChoice: decides ? undefined : story.tool_choice,
                preflight,
            });
            if (!sent.ok) {
                failures.push(`send failed: ${sent.error.message}`);
                continue;
            }
            const answer = await done;
            checkAnswer(story, turn, answer, modelCanFollowInstructions, failures, skipped);
        }
        for (const name of story.expected_bus_events?.present ?? []) {
            if (!events.includes(name)) failures.push(`missing bus event ${name}`);
        }
        for (const name of story.expected_bus_events?.absent ?? []) {
            if (events.includes(name)) failures.push(`unexpected bus event ${name}`);
        }
        const requests = fixtures.requests?.();
        if (story.expected_requests !== undefined && requests === undefined)
            skipped.push("expected_requests needs a site that counts its requests");
        else if (story.expected_requests !== undefined && requests !== story.expected_requests)
            failures.push(`expected ${story.expected_requests} network requests, saw ${requests}`);
        for (const error of story.tool_errors ?? []) {
            if (!toolErrors.includes(error))
                failures.push(`expected the tool error "${error}", saw ${JSON.stringify(toolErrors)}`);
        }
    } catch (error) {
        failures.push(messageOf(error));
    } finally {
        await core.dispose();
        fs.rmSync(dataDir, {recursive: true, force: true});
    }
    return {id: story.story_id, title: story.title, failures, skipped};
}

function checkAnswer(
    story: Story,
    turn: Story["turns"][number],
    answer: Message,
    canFollow: boolean,
    failures: string[],
    skipped: string[],
) {
    const checks = story.response_generation_checks ?? {};
    if (answer.status !== "complete")
        failures.push(`answer ended as ${answer.status}: ${answer.error ?? ""}`);
    if (checks.answer_not_empty && !answer.content.trim()) failures.push("the answer is empty");
    if (checks.tool_calls_not_empty && answer.toolCalls.length === 0) failures.push("no tool calls");
    if (checks.citations_not_empty && answer.citations.length === 0) failures.push("no citations");
    const contentChecks = (turn.expected_content?.length ?? 0) + (turn.must_not_contain?.length ?? 0);
    if (contentChecks === 0) return;
    if (!canFollow) {
        skipped.push(
            "content checks need a model that follows instructions (cairn stories --instructed --model PATH; npm test: CAIRN_TEST_MODEL)",
        );
        return;
    }
    const before = failures.length;
    for (const text of turn.expected_content ?? []) {
        if (!answer.content.includes(text)) failures.push(`the answer lacks "${text}"`);
    }
    for (const text of turn.must_not_contain ?? []) {
        if (answer.content.includes(text)) failures.push(`the answer contains "${text}"`);
    }
    if (failures.length > before) {
        failures.push(`the answer was ${JSON.stringify(clip(answer.content))}`);
        if (answer.toolCalls.length > 0) failures.push(`the calls were ${callsOf(answer)}`);
    }
}

/** The answer's tool calls as the model made them: `web_search {"query":"…"}`, comma-separated. */
function callsOf(answer: Message): string {
    return answer.toolCalls.map((call) => `${call.tool} ${clip(JSON.stringify(call.args ?? {}))}`).join(", ");
}

function clip(text: string): string {
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
