// Issue 75's research figures (`npm run bench:research` alone, or in `npm run bench`), on the real CLI and
// the test model (it writes no sense, so the plan's questions are given as a person would edit them):
// - offline research over 20 documents: the steps used beside the budget, the distinct sources the report
//   cites (at least 3), the time and the model's tokens;
// - the same run killed (SIGKILL) at a random saved step, then resumed: the steps saved before the kill that
//   are still there after the resume, and the steps done twice (none).
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {pathToFileURL} from "node:url";
import Database from "better-sqlite3";
import {DB_FILE_NAME} from "../main/store/db.js";
import {ingestInto, openTestCore, unwrap} from "../tests/helpers/core.js";
import {runCli} from "../tests/helpers/cli.js";
import {CLI, TEST_MODEL, tempDir} from "../tests/helpers/paths.js";

const BUDGET = 30;
const TOPICS = [
    "lighthouse lamps",
    "lighthouse keepers",
    "Fresnel lenses",
    "fog signals",
    "tide tables",
    "harbour walls",
    "sea charts",
    "storm warnings",
    "coastal erosion",
    "salt marshes",
];
const QUESTIONS = [
    "How did lighthouse keepers tend the lamps?",
    "How far could Fresnel lenses send a beam?",
    "How did fog signals warn ships?",
];

/** 20 documents, two per topic, each a few sentences about it. */
async function library(): Promise<string> {
    const dataDir = tempDir();
    const t = await openTestCore({dataDir});
    try {
        unwrap(
            await t.api.invoke("settings.set", {generation: {maxTokens: 48}, embeddingModelPath: TEST_MODEL}),
        );
        const dir = tempDir();
        const files = TOPICS.flatMap((topic, i) =>
            [1, 2].map((n) => {
                const at = path.join(dir, `doc${i}-${n}.md`);
                const text = [
                    `# ${topic} ${n}`,
                    `Notes on ${topic}, part ${n}.`,
                    `Records of ${topic} show how coastal towns kept ships safe for two centuries.`,
                    `The ${topic} were checked every night, and the keepers wrote each check in a log book.`,
                    `Old ${topic} still stand along the shore and are visited by walkers in summer.`,
                ].join("\n\n");
                fs.writeFileSync(at, text);
                return at;
            }),
        );
        const done = await ingestInto(t, files, "Coast");
        if (done.state !== "done") throw new Error(`the bench's documents were not indexed: ${done.state}`);
    } finally {
        await t.core.dispose();
    }
    return dataDir;
}

const args = (dataDir: string) => [
    "research",
    "--data",
    dataDir,
    "--model",
    TEST_MODEL,
    "--offline",
    "--steps",
    String(BUDGET),
    ...QUESTIONS.flatMap((q) => ["--question", q]),
];

type Report = {
    run: {used: {steps: number; ms: number; tokens: number}; budget: {steps: number}};
    report: string;
};

/** One whole run: its steps beside the budget, the sources cited, its time and tokens. */
async function wholeRun(dataDir: string) {
    const started = performance.now();
    const done = await runCli([...args(dataDir), "--json", "Lighthouses and the sea"]);
    if (done.code !== 0) throw new Error(`cairn research failed: ${done.stderr}`);
    const out = JSON.parse(done.stdout) as Report;
    const cited = new Set([...out.report.matchAll(/\[(\d+)\]/g)].map((m) => m[1]));
    return {
        documents: TOPICS.length * 2,
        budgetSteps: out.run.budget.steps,
        usedSteps: out.run.used.steps,
        distinctSourcesCited: cited.size,
        runMs: Math.round(out.run.used.ms),
        wallMs: Math.round(performance.now() - started),
        tokens: out.run.used.tokens,
    };
}

function savedSteps(dataDir: string, messageId: string): string[] {
    const db = new Database(path.join(dataDir, DB_FILE_NAME), {readonly: true});
    try {
        return db
            .prepare<[string], {data: string}>(
                "SELECT data FROM research_steps WHERE message_id = ? ORDER BY seq",
            )
            .all(messageId)
            .map((r) => r.data);
    } finally {
        db.close();
    }
}

/** Killed after a random number of saved steps (from the run's progress lines), then resumed. */
async function killAndResume(dataDir: string) {
    const killAt = 2 + Math.floor(Math.random() * 10);
    const child = spawn(process.execPath, [CLI, ...args(dataDir), "Lighthouses and the sea"], {
        env: {...process.env, CAIRN_MODEL: ""},
    });
    let stderr = "";
    const id = await new Promise<string>((resolve, reject) => {
        child.stderr.on("data", (chunk: Buffer) => {
            stderr += chunk.toString();
            const runId = /cairn: research (\S+)/.exec(stderr)?.[1];
            const steps = Math.max(
                0,
                ...[...stderr.matchAll(/\((\d+)\/\d+ steps/g)].map((m) => Number(m[1])),
            );
            if (runId && steps >= killAt && child.kill("SIGKILL")) resolve(runId);
        });
        child.on("exit", (_code, signal) => {
            if (signal !== "SIGKILL") reject(new Error(`the run ended before step ${killAt}:\n${stderr}`));
        });
    });
    const before = savedSteps(dataDir, id);
    const resumed = await runCli([...args(dataDir).slice(0, 6), "--resume", id, "--json"]);
    if (resumed.code !== 0) throw new Error(`the resume failed: ${resumed.stderr}`);
    const after = savedSteps(dataDir, id);
    const kept = before.filter((step, i) => after[i] === step).length;
    return {
        killedAfterSteps: before.length,
        keptAfterResume: kept,
        stepsDoneTwice: after.length - new Set(after).size,
    };
}

export async function researchFigures() {
    const dataDir = await library();
    return {offline: await wholeRun(dataDir), killed: await killAndResume(dataDir)};
}

export function researchRows(f: Awaited<ReturnType<typeof researchFigures>>): Record<string, string> {
    const {offline: o, killed: k} = f;
    return {
        [`research: offline over ${o.documents} documents, steps used / budget (within budget)`]: `${o.usedSteps} / ${o.budgetSteps}`,
        "research: distinct sources the report cites (at least 3)": String(o.distinctSourcesCited),
        "research: the run's time and the model's tokens (test model)": `${(o.runMs / 1000).toFixed(1)} s, ${o.tokens} tokens`,
        "research: killed after N saved steps, kept after the resume / done twice (all kept, none twice)": `${k.killedAfterSteps}: ${k.keptAfterResume} / ${k.stepsDoneTwice}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
    const figures = await researchFigures();
    console.log(JSON.stringify({figures, rows: researchRows(figures)}, null, 2));
}
