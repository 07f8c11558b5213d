import assert from "node:assert/strict";
import {spawn, spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {CLI, ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";

// The README's words checked against what the commands do: every `cairn` command line it shows names a
// command that exists and only options that command takes; the outputs it quotes are the outputs.

const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

function cairn(args: string[]) {
    return spawnSync(process.execPath, [CLI, ...args], {
        encoding: "utf8",
        timeout: 60_000,
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: ""},
    });
}

/** Every command line the README shows: `cairn …` in code spans and tables, `npx cairn …` in code blocks. */
function readmeCommandLines(): string[] {
    const spans = [...README.matchAll(/`cairn ([a-z][^`]*)`/g)].map((m) => m[1]!);
    const blocks = [...README.matchAll(/^npx cairn (.*)$/gm)].map((m) => m[1]!.replace(/\s+#.*$/, ""));
    return [...spans, ...blocks];
}

test("every cairn command line in the README names a command and options that exist", () => {
    const lines = readmeCommandLines();
    assert.ok(lines.length > 30, `${lines.length} command lines found`);
    const usage = new Map<string, string>();
    for (const line of lines) {
        const [command] = line.split(/\s+/);
        if (command === "help" || command === "<command>") continue;
        if (!usage.has(command!)) {
            const help = cairn([command!, "--help"]);
            assert.equal(help.status, 0, `README shows \`cairn ${line}\`: ${help.stderr}`);
            usage.set(command!, help.stdout);
        }
        for (const option of line.match(/--[a-z][a-z-]*/g) ?? []) {
            if (option === "--help") continue;
            assert.ok(
                usage.get(command!)!.includes(option),
                `README shows \`cairn ${line}\`, but \`cairn ${command} --help\` has no ${option}`,
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

test("the README's quoted outputs: serve prints one line (three with --api, the key among them)", async () => {
    assert.match(
        README,
        /prints one line:\n\n```\nCairn listening on http:\/\/127\.0\.0\.1:<port>\/\?token=<token>\n```/,
    );
    const plain = await serveOutput([], 1);
    assert.equal(plain.length, 1, plain.join("\n"));
    assert.match(plain[0]!, /^Cairn listening on http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/);
    assert.match(
        README,
        /With `--api` it prints two more: `Cairn API at http:\/\/127\.0\.0\.1:<port>\/v1` and, unless you passed\n`--api-key`, `API key: <key>`/,
    );
    const api = await serveOutput(["--api", "--api-port", "0"], 3);
    assert.equal(api.length, 3, api.join("\n"));
    assert.match(api[1]!, /^Cairn API at http:\/\/127\.0\.0\.1:\d+\/v1$/);
    assert.match(api[2]!, /^API key: \S+$/);
    const keyed = await serveOutput(["--api", "--api-port", "0", "--api-key", "k-0123456789"], 2);
    assert.equal(keyed.length, 2, keyed.join("\n"));
});

test("the README's failure rule: one `cairn:` line on stderr and exit code 1, with no command too", () => {
    assert.match(
        README,
        /On failure a command exits with code 1 and prints one line starting with `cairn:` on stderr/,
    );
    for (const args of [[], ["frobnicate"], ["chat", "--nope"], ["search", "--limit", "0", "x"]]) {
        const run = cairn(args);
        assert.equal(run.status, 1, args.join(" "));
        assert.match(run.stderr, /^cairn: [^\n]+\n$/, args.join(" "));
    }
});
