import assert from "node:assert/strict";
import {spawn, spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {CLI, ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

// The README's and docs/' words checked against what the commands do: every `cairn` command line they show
// names a command that exists and only options that command takes; the outputs they quote are the outputs; the
// CLI reference is `cairn help`'s text; every link between the pages reaches a file and, with an anchor, a heading.

/** The README and every page of docs/, by their paths from the root. */
const PAGES = new Map(
    [
        "README.md",
        ...fs
            .readdirSync(path.join(ROOT, "docs"))
            .filter((f) => f.endsWith(".md"))
            .map((f) => `docs/${f}`),
    ].map((page) => [page, fs.readFileSync(path.join(ROOT, page), "utf8")]),
);
const DOCS = [...PAGES.values()].join("\n");

function cairn(args: string[]) {
    return spawnSync(process.execPath, [CLI, ...args], {
        encoding: "utf8",
        timeout: paced(60_000),
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: ""},
    });
}

/** Every command line the pages show: `cairn …` in code spans and tables, `npx cairn …` in code blocks. */
function docsCommandLines(): string[] {
    const spans = [...DOCS.matchAll(/`cairn ([a-z][^`]*)`/g)].map((m) => m[1]!);
    const blocks = [...DOCS.matchAll(/^npx cairn (.*)$/gm)].map((m) => m[1]!.replace(/\s+#.*$/, ""));
    return [...spans, ...blocks];
}

test("every cairn command line in the README and docs/ names a command and options that exist", () => {
    const lines = docsCommandLines();
    assert.ok(lines.length > 30, `${lines.length} command lines found`);
    const usage = new Map<string, string>();
    for (const line of lines) {
        const [command] = line.split(/\s+/);
        if (command === "help" || command === "<command>") continue;
        if (!usage.has(command!)) {
            const help = cairn([command!, "--help"]);
            assert.equal(help.status, 0, `the docs show \`cairn ${line}\`: ${help.stderr}`);
            usage.set(command!, help.stdout);
        }
        // What follows a lone "--" is another program's (a server's command, an agent's arguments).
        const own = line.split(/\s--(\s|$)/)[0]!;
        for (const option of own.match(/--[a-z][a-z-]*/g) ?? []) {
            if (option === "--help") continue;
            assert.ok(
                usage.get(command!)!.includes(option),
                `the docs show \`cairn ${line}\`, but \`cairn ${command} --help\` has no ${option}`,
            );
        }
    }
});

/**
 * `cairn serve`'s stdout, whole: read until `count` lines have come, then the process is stopped and what it
 * printed until it ended is returned (a line printed later would be there too).
 */
async function serveOutput(extra: string[], count: number): Promise<string[]> {
    const child = spawn(
        process.execPath,
        [CLI, "serve", "--port", "0", "--data", tempDir(), "--threads", "1", "--model", TEST_MODEL, ...extra],
        {stdio: ["ignore", "pipe", "pipe"], env: {...process.env, CAIRN_MODEL: ""}},
    );
    let out = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => {
            out += d.toString();
            if (out.split("\n").length > count) resolve();
        });
        child.once("exit", (code) => reject(new Error(`cairn serve exited (${code}): ${stderr}`)));
    });
    child.kill("SIGTERM");
    await ended;
    return out.trimEnd().split("\n");
}

test("docs/serve.md's quoted outputs: serve prints one line (three with --api, the key among them)", async () => {
    const serve = PAGES.get("docs/serve.md")!;
    assert.match(
        serve,
        /prints one line:\n\n```\nCairn listening on http:\/\/127\.0\.0\.1:<port>\/\?token=<token>\n```/,
    );
    const plain = await serveOutput([], 1);
    assert.equal(plain.length, 1, plain.join("\n"));
    assert.match(plain[0]!, /^Cairn listening on http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/);
    assert.match(
        serve,
        /With `--api` it prints two more: `Cairn API at http:\/\/127\.0\.0\.1:<port>\/v1` and, unless you passed\n`--api-key`, `API key: <key>`/,
    );
    const api = await serveOutput(["--api", "--api-port", "0"], 3);
    assert.equal(api.length, 3, api.join("\n"));
    assert.match(api[1]!, /^Cairn API at http:\/\/127\.0\.0\.1:\d+\/v1$/);
    assert.match(api[2]!, /^API key: \S+$/);
    const keyed = await serveOutput(["--api", "--api-port", "0", "--api-key", "k-0123456789"], 2);
    assert.equal(keyed.length, 2, keyed.join("\n"));
});

test("docs/cli.md's failure rule: one `cairn:` line on stderr and exit code 1, with no command too", () => {
    assert.match(
        PAGES.get("docs/cli.md")!,
        /## When a command fails\n\nIt exits with code 1 and prints one line starting with `cairn:` on stderr/,
    );
    for (const args of [[], ["frobnicate"], ["chat", "--nope"], ["search", "--limit", "0", "x"]]) {
        const run = cairn(args);
        assert.equal(run.status, 1, args.join(" "));
        assert.match(run.stderr, /^cairn: [^\n]+\n$/, args.join(" "));
    }
});

test("the README is a front page: at most 250 lines, and it links every page of docs/", () => {
    const readme = PAGES.get("README.md")!;
    const lines = readme.split("\n").length;
    assert.ok(lines <= 250, `README.md is ${lines} lines: move the detail into a page of docs/`);
    for (const page of PAGES.keys()) {
        if (page === "README.md") continue;
        assert.ok(readme.includes(`](${page})`), `README.md's map of docs/ lacks ${page}`);
    }
});

test("docs/cli.md's reference is `cairn help`, whole (npm run docs:cli writes it)", () => {
    const page = PAGES.get("docs/cli.md")!;
    const reference =
        /<!-- cairn help: [^\n]*-->\n\n```text\n([\s\S]*?)\n```\n\n<!-- end of cairn help -->/.exec(page);
    assert.ok(reference, "docs/cli.md lacks its generated reference between the two markers");
    const help = cairn(["help"]);
    assert.equal(help.status, 0, help.stderr);
    assert.equal(reference[1], help.stdout.trimEnd(), "docs/cli.md is out of date: run npm run docs:cli");
});

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
    return heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/ /g, "-");
}

/** The anchors of a page's headings (outside code blocks), a repeated one numbered as GitHub numbers it. */
function anchorsOf(text: string): Set<string> {
    const anchors = new Set<string>();
    for (const heading of withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)) {
        const base = anchorOf(heading[1]!);
        let anchor = base;
        for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
        anchors.add(anchor);
    }
    return anchors;
}

/** A page without its fenced code blocks and code spans, where a bracket is not a link. */
function withoutCode(text: string): string {
    return text.replace(/^```[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** Every relative link and image of a page: `[text](target)`, an address or anchor left out. */
function linksOf(text: string): string[] {
    return [...withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target));
}

test("every link in the README and docs/ reaches a file, and its anchor a heading there", () => {
    const dead: string[] = [];
    let checked = 0;
    for (const [page, text] of PAGES) {
        for (const link of linksOf(text)) {
            checked++;
            const [file, anchor] = link.split("#") as [string, string | undefined];
            const target = file
                ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file))
                : page;
            if (!fs.existsSync(path.join(ROOT, target))) {
                dead.push(`${page}: ${link} (no file ${target})`);
                continue;
            }
            if (anchor === undefined || !target.endsWith(".md")) continue;
            const headings = anchorsOf(PAGES.get(target) ?? fs.readFileSync(path.join(ROOT, target), "utf8"));
            if (!headings.has(anchor)) dead.push(`${page}: ${link} (no heading #${anchor} in ${target})`);
        }
    }
    assert.ok(checked > 60, `${checked} links found`);
    assert.deepEqual(dead, []);
});
