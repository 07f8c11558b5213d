// `npm run screens`: the docs' screenshots (docs/screens), taken from the served UI in Debian's Chromium at
// 1280x800 and 800x600, light and dark, on a seeded conversation with a regenerated answer.
import fs from "node:fs";
import path from "node:path";
import {chromium, type Page} from "playwright";
import {ConversationStore} from "../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../main/store/db.js";
import {SettingsStore} from "../main/store/settings.js";
import {servers, writeMcpJson} from "../tests/helpers/mcp.js";
import {responsesWebSearch, startCloudServer} from "../tests/helpers/cloudServers.js";
import {startServe} from "../tests/helpers/serve.js";
import {sendWithPreflight} from "../tests/helpers/ws.js";
import {tempDir} from "../tests/helpers/paths.js";
import {startConversation} from "../tests/helpers/ask.js";
import {choose} from "../tests/helpers/choose.js";

const OUT = path.resolve("docs/screens");

const ANSWER = `Here is a palindrome check in Python:

\`\`\`python
def is_palindrome(text: str) -> bool:
    letters = [c.lower() for c in text if c.isalnum()]
    return letters == letters[::-1]
\`\`\`

| Input | Result |
| --- | --- |
| \`"Racecar"\` | \`True\` |
| \`"Cairn"\` | \`False\` |

It runs in $O(n)$ time and ignores case and punctuation.`;

const THOUGHT =
    'The user wants a palindrome check. Compare the string with its reverse, but ignore case and punctuation first, or "Racecar" fails. A list of lowercase letters and digits, then compare with its reverse.';

function seed(dataDir: string): void {
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const store = new ConversationStore(db);
    // Short answers: a turn left writing (after an approval) must not hold the model for the next screens.
    new SettingsStore(db).set("generation", {maxTokens: 48});
    store.create("Perseid meteor shower");
    const c = store.create("Palindromes in Python");
    const question = store.addMessage({
        conversationId: c.id,
        role: "user",
        content: "Write a Python function that checks whether a string is a palindrome",
        status: "complete",
    });
    for (const content of [
        "A palindrome reads the same both ways: compare the string with its reverse.",
        ANSWER,
    ]) {
        const answer = store.addMessage({
            conversationId: c.id,
            role: "assistant",
            content: "",
            status: "streaming",
            model: "Qwen3-4B-Q4_K_M",
            parentId: question.id,
        });
        store.finish(answer.id, {
            content,
            thought: THOUGHT,
            thoughtMs: 4200,
            status: "complete",
            stats: {
                promptTokens: 412,
                completionTokens: 96,
                timeToFirstTokenMs: 380,
                durationMs: 3300,
                tokensPerSecond: 29.1,
                reusedTokens: 0,
                contextShifted: false,
                thoughtTokens: 41,
            },
        });
    }
    db.close();
}

async function shoot(page: Page, name: string): Promise<void> {
    await page.screenshot({path: path.join(OUT, `${name}.png`)});
    if (STYLES)
        fs.writeFileSync(
            path.join(STYLES, `${name}.txt`),
            (await page.evaluate<string[]>(computedStyles)).join("\n"),
        );
}

/**
 * CAIRN_SCREENS_STYLES=DIR: beside each screenshot, every element's computed style (and its ::before and
 * ::after) as a hash, one line each, in DIR/<name>.txt; CAIRN_SCREENS_STYLES_FULL=REGEX writes the whole style of the
 * elements whose path matches too. Two runs' folders compared show what a change to the CSS changed (sizes that follow
 * the text are left out: they move with the figures on screen; what the model writes differs between runs).
 */
const STYLES = process.env.CAIRN_SCREENS_STYLES;
if (STYLES) fs.mkdirSync(STYLES, {recursive: true});

/** Run in the page as text: tsx's names for inner functions (__name) do not exist there. */
const computedStyles = `((FULL) => {
    const sized = /^(width|height|inline-size|block-size|min-inline-size|min-block-size|transform-origin|perspective-origin|inset.*|top|left|right|bottom)$/;
    const lines = [];
    function styleOf(element, pseudo) {
        const style = getComputedStyle(element, pseudo);
        let hash = 2166136261;
        // In name order: custom properties are listed in the order their style sheets loaded, which varies.
        for (const p of [...style].sort()) {
            if (sized.test(p)) continue;
            const text = p + ":" + style.getPropertyValue(p) + ";";
            for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
        }
        return hash.toString(16);
    }
    const full = FULL ? new RegExp(FULL) : null;
    function walk(element, where) {
        lines.push(where + " " + styleOf(element, null));
        if (full && full.test(where)) {
            const style = getComputedStyle(element);
            lines.push(where + "#full " + [...style].sort().filter((p) => !sized.test(p)).map((p) => p + ":" + style.getPropertyValue(p)).join(";").replaceAll(" ", "_"));
        }
        for (const pseudo of ["::before", "::after"]) lines.push(where + pseudo + " " + styleOf(element, pseudo));
        [...element.children].forEach((child, i) =>
            walk(child, where + ">" + child.tagName.toLowerCase() + "." + (child.getAttribute("class") ?? "") + "[" + i + "]"),
        );
    }
    walk(document.documentElement, "html");
    return lines;
})(${JSON.stringify(process.env.CAIRN_SCREENS_STYLES_FULL ?? "")})`;

/** The tools menu, an MCP server in Settings, a file write's diff before and after approval. */
async function toolScreens(page: Page, theme: string, width: number): Promise<void> {
    const id = await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    await page.getByRole("button", {name: "Tools", exact: true}).click();
    await page.locator('li[data-tool="fixture.add"] .tool-tokens').waitFor();
    const pin = page.getByRole("button", {name: "Pin fixture.add"});
    if ((await pin.getAttribute("aria-pressed")) !== "true") await pin.click();
    await page.locator('button[aria-label="Pin fixture.add"][aria-pressed="true"]').waitFor();
    await shoot(page, `tools-${theme}-${width}`);
    await page.keyboard.press("Escape");
    const content = "# Trip\n- tent\n- stove\n- map\n";
    const sent = await sendWithPreflight(
        page,
        id,
        [{name: "create_file", args: {path: `trip-${theme}-${width}.md`, content}}],
        {
            toolChoice: "none",
        },
    );
    if (!(sent as {ok: boolean}).ok) throw new Error(`the write was not sent: ${JSON.stringify(sent)}`);
    const dialog = page.getByRole("dialog", {name: "Allow create_file?"});
    await dialog.locator("pre.diff").waitFor();
    await shoot(page, `approval-diff-${theme}-${width}`);
    await dialog.getByRole("button", {name: "Allow once"}).click();
    const step = page.locator('.trace .step[data-tool="create_file"][data-status="ok"]');
    await step.locator("summary").click();
    await step.getByRole("button", {name: /^Undo/}).waitFor();
    await shoot(page, `trace-file-${theme}-${width}`);
    if (width !== 1280) return;
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("heading", {name: "MCP servers"}).scrollIntoViewIfNeeded();
    await page.locator('.mcp-server[data-state="ready"]').waitFor();
    await page.locator(".mcp-refused summary").click();
    await page.getByRole("heading", {name: "MCP servers"}).scrollIntoViewIfNeeded();
    await shoot(page, `mcp-settings-${theme}`);
    await page.keyboard.press("Escape");
}

/** A form an MCP server asks the person to fill in (elicitation), in the approval dialog's style. */
async function askScreens(page: Page, theme: string, width: number): Promise<void> {
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const id = new URL(page.url()).searchParams.get("c")!;
    await sendWithPreflight(page, id, [{name: "fixture.ask", args: {}}], {toolChoice: "none"});
    const dialog = page.getByRole("dialog", {name: "fixture asks"});
    await dialog.getByRole("textbox", {name: "Title (required)"}).fill("Quarterly");
    await shoot(page, `mcp-ask-${theme}-${width}`);
    await page.keyboard.press("Escape");
}

/** A plan proposed, then edited (a composite tool among its steps) and run: its checklist and nested trace. */
async function planScreens(page: Page, theme: string, width: number): Promise<void> {
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Plan");
    await page
        .getByRole("textbox", {name: "Message"})
        .fill("What is packed for the trip, and how busy is this computer?");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const plan = page.getByRole("region", {name: "Plan"});
    await plan.getByRole("button", {name: "Run plan"}).waitFor();
    await shoot(page, `plan-proposed-${theme}-${width}`);
    const remove = plan.getByRole("button", {name: /^Remove step /});
    while ((await remove.count()) > 0) await remove.first().click();
    for (const tool of ["rag_search", "stats_twice"]) {
        await plan.getByRole("combobox", {name: "Add a step"}).focus();
        await choose(plan.getByRole("combobox", {name: "Add a step"}), tool);
        await plan.getByRole("button", {name: "Add", exact: true}).click();
    }
    await plan.getByRole("textbox").first().fill('{"query": "trip"}');
    await plan.getByRole("button", {name: "Run plan"}).click();
    await page.locator('section.plan[data-state="done"]').waitFor();
    await page.locator('.trace .step[data-tool="stats_twice"]').first().scrollIntoViewIfNeeded();
    await shoot(page, `plan-done-${theme}-${width}`);
}

/** A cloud model's own web search in the trace, Anthropic's web switch, and Settings' providers. */
async function providerScreens(page: Page, theme: string, width: number): Promise<void> {
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Model", exact: true}), "cloud · gpt-test");
    const web = page.getByRole("switch", {name: "Web access"});
    await web.click();
    await page.getByRole("switch", {name: "Web access", checked: true}).waitFor();
    await page.getByRole("textbox", {name: "Message"}).fill("Is Cairn 2 out, and what changed?");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const answer = page.locator('article.message.assistant[data-status="complete"]').first();
    await answer.locator('.trace .step[data-tool="web_search"] summary').click();
    await shoot(page, `provider-search-${theme}-${width}`);
    await choose(page.getByRole("combobox", {name: "Model", exact: true}), "claude · claude-test");
    await page.getByRole("switch", {name: "Web access", disabled: true}).waitFor();
    await shoot(page, `provider-anthropic-${theme}-${width}`);
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("heading", {name: "Models served elsewhere"}).scrollIntoViewIfNeeded();
    await shoot(page, `provider-settings-${theme}-${width}`);
    await page.getByRole("heading", {name: "Network"}).scrollIntoViewIfNeeded();
    await shoot(page, `network-settings-${theme}-${width}`);
}

const cloud = await startCloudServer(() => ({
    events: responsesWebSearch({
        query: "Cairn 2 release notes",
        cited: "Cairn 2 is out: it adds plan mode",
        rest: " and models served elsewhere.",
        url: "https://example.org/cairn-2",
        title: "Cairn 2 release notes",
    }),
}));
const dataDir = tempDir();
seed(dataDir);
process.env.CAIRN_SCREENS_KEY = "screens-key";
fs.writeFileSync(
    path.join(dataDir, "providers.json"),
    JSON.stringify({
        providers: {
            cloud: {type: "openai", baseUrl: cloud.url, model: "gpt-test", keyEnv: "CAIRN_SCREENS_KEY"},
            claude: {
                type: "anthropic",
                baseUrl: cloud.url,
                model: "claude-test",
                keyEnv: "CAIRN_SCREENS_KEY",
            },
        },
    }),
);
fs.writeFileSync(
    path.join(dataDir, "tools.yaml"),
    "tools:\n    stats_twice:\n        description: Reads the machine's stats twice.\n        steps:\n" +
        "            - {id: first, tool: system_stats}\n            - {id: second, tool: system_stats}\n",
);
// Hostile schemas: Settings shows the tools left out and why.
writeMcpJson(dataDir, {fixture: {...servers.fixture, startup: "launch", env: {FIXTURE_HOSTILE: "1"}}});
const served = await startServe({dataDir});
const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--no-sandbox"]});
/** Each theme at each size, on a page of its own. */
async function eachView(take: (page: Page, theme: "light" | "dark", width: number) => Promise<void>) {
    for (const theme of ["light", "dark"] as const) {
        for (const [width, height] of [
            [1280, 800],
            [800, 600],
        ] as const) {
            const page = await browser.newPage({viewport: {width, height}, colorScheme: theme});
            await page.goto(served.url);
            await take(page, theme, width);
            await page.close();
        }
    }
}

async function chatScreens(page: Page, theme: string, width: number): Promise<void> {
    // The tool screens add conversations: the seeded one is opened by its title.
    await page.locator(".sidebar .title", {hasText: "Palindromes in Python"}).click();
    await page.locator("article.message.assistant .content pre").waitFor();
    // The model loaded (a shot during its load shows "loading" and an empty header).
    await page.locator('.status[data-state="ready"]').waitFor();
    await page.locator("article.message.assistant").hover();
    await shoot(page, `chat-${theme}-${width}`);
    await page.getByRole("button", {name: "More"}).click();
    await page.getByRole("menuitemradio", {name: "Dark"}).waitFor();
    await shoot(page, `header-menu-${theme}-${width}`);
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("link", {name: "Backups"}).waitFor();
    await shoot(page, `settings-${theme}-${width}`);
    await page.getByRole("searchbox", {name: "Search settings"}).fill("GPU");
    await page.getByRole("status").filter({hasText: "GPU"}).waitFor();
    await shoot(page, `settings-search-${theme}-${width}`);
    // The first Esc clears the search, the second closes Settings.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await modelsScreens(page, `${theme}-${width}`);
    await documentsScreen(page, `${theme}-${width}`);
    if (width !== 1280) return;
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", {name: "Search conversations"}).fill("palindrome");
    await page.locator(".dialog.search [role=option]").first().waitFor();
    await shoot(page, `search-${theme}`);
    await page.keyboard.press("Escape");
    const question = page.locator("article.message.user");
    await question.hover();
    await question.getByRole("button", {name: "Edit"}).click();
    await shoot(page, `edit-${theme}`);
    await page.keyboard.press("Escape");
    await page.locator("article.message.assistant details.thought summary").click();
    await shoot(page, `thought-${theme}`);
}

/** Documents, as it opens (this library has no embedding model: its note says so first); Esc closes it. */
async function documentsScreen(page: Page, view: string): Promise<void> {
    await page.locator(".sidebar .settings-button").nth(-3).click();
    await page.locator(".dialog.documents .notice").waitFor();
    await shoot(page, `documents-${view}`);
    await page.keyboard.press("Escape");
}

/** The Models screen, each of its tabs in turn; Esc closes it. */
async function modelsScreens(page: Page, view: string): Promise<void> {
    await page.locator(".sidebar .settings-button").nth(-2).click();
    for (const [tab, name] of [
        ["installed", "models"],
        ["find", "models-find"],
        ["engine", "models-engine"],
    ] as const) {
        await page.locator(`.models .tab[id$="-${tab}"]`).click();
        await page.locator(`.models .tab[id$="-${tab}"][data-state="active"]`).waitFor();
        await shoot(page, `${name}-${view}`);
    }
    await page.keyboard.press("Escape");
}

/** The window as a German and an Arabic system get it (Arabic right to left): the chat and Settings. */
async function languageScreens(): Promise<void> {
    for (const [locale, theme, width, height] of [
        ["de-DE", "light", 1280, 800],
        ["ar-EG", "light", 1280, 800],
        ["ar-EG", "dark", 800, 600],
    ] as const) {
        const context = await browser.newContext({locale, colorScheme: theme, viewport: {width, height}});
        const page = await context.newPage();
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Palindromes in Python"}).click();
        await page.locator("article.message.assistant .content pre").waitFor();
        // KaTeX loads when an answer first needs it: the math is drawn once it is in.
        await page.locator("article.message.assistant .katex").first().waitFor();
        const name = `language-${locale.slice(0, 2)}`;
        await shoot(page, `${name}-${theme}-${width}`);
        await page.locator(".sidebar .settings-button").last().click();
        await page.locator(".settings-page nav a").first().waitFor();
        await shoot(page, `${name}-settings-${theme}-${width}`);
        await page.keyboard.press("Escape");
        await modelsScreens(page, `${name}-${theme}-${width}`);
        await documentsScreen(page, `${name}-${theme}-${width}`);
        await context.close();
    }
}

/** Settings → Desktop, and the quick-ask window (?view=quick) with an answer written into a new conversation. */
async function desktopScreens(page: Page, theme: string, width: number): Promise<void> {
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("link", {name: "Desktop"}).click();
    await page.getByRole("switch", {name: /Start Cairn/}).waitFor();
    await shoot(page, `settings-desktop-${theme}-${width}`);
    await page.goto(`${served.url}&view=quick`);
    const box = page.getByRole("textbox", {name: "Ask Cairn"});
    await box.fill("Once upon a time");
    await box.press("Enter");
    await page.locator('.quick-ask-answer[data-status="complete"]').waitFor();
    await shoot(page, `quick-ask-${theme}-${width}`);
}

/** Settings → Memory with a memory kept, and an assistant's editor (Answers with: the installed models). */
async function memoryScreens(page: Page, theme: string, width: number): Promise<void> {
    await page.getByRole("button", {name: "Settings"}).click();
    await page.getByRole("link", {name: "Memory"}).click();
    const memory = page.getByRole("region", {name: "Memory"});
    if ((await memory.getByRole("list", {name: "Memories"}).count()) === 0) {
        await memory.getByRole("textbox", {name: "Add a memory"}).fill("My dog is called Biscuit.");
        await memory.getByRole("button", {name: "Add", exact: true}).click();
    }
    await memory.getByRole("list", {name: "Memories"}).waitFor();
    await shoot(page, `memory-settings-${theme}-${width}`);
    await page.getByRole("link", {name: "Assistants"}).click();
    await page.getByRole("button", {name: "New assistant"}).click();
    await page.getByRole("combobox", {name: "Answers with"}).click();
    await page.getByRole("option", {name: "Whichever local model is loaded"}).waitFor();
    await shoot(page, `assistant-model-${theme}-${width}`);
    await page.keyboard.press("Escape");
}

try {
    await eachView(chatScreens);
    // After the chat screens, which must not show the conversations these add.
    await eachView(toolScreens);
    await eachView(planScreens);
    await eachView(askScreens);
    await eachView(providerScreens);
    await eachView(desktopScreens);
    await eachView(memoryScreens);
    await languageScreens();
} finally {
    await browser.close();
    await served.stop();
    await cloud.close();
}
console.log(`screenshots in ${OUT}`);
