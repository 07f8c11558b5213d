import assert from "node:assert/strict";
import {spawnSync, type SpawnSyncOptions} from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {test} from "node:test";
import {incompleteProblem, tensorDataEnd} from "../../main/llm/gguf.js";
import {inEnglish} from "../../main/words.js";
import {runCli} from "../helpers/cli.js";
import {startStorySite} from "../helpers/storySite.js";
import {CLI, ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

// The first hour of a new user, as issue 39 tried it: ordinary mistakes on the command line, each answered by
// one `cairn:` line on stderr in the CLI's own words and exit code 1, never a hang or a raw system message.

type Run = {code: number | null; stdout: string; stderr: string; ms: number};

function cairn(args: string[], options: SpawnSyncOptions = {}): Run {
    const started = performance.now();
    const result = spawnSync(process.execPath, [CLI, ...args], {
        encoding: "utf8",
        timeout: paced(60_000),
        ...options,
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: "", ...options.env},
    });
    return {
        code: result.status,
        stdout: String(result.stdout),
        stderr: String(result.stderr),
        ms: performance.now() - started,
    };
}

/** One line on stderr, starting "cairn: ", exit code 1; returns the line. */
function oneLine(run: Run, what: string): string {
    assert.equal(run.code, 1, `${what}: exit code (stderr: ${run.stderr})`);
    const lines = run.stderr.trim().split("\n");
    assert.equal(lines.length, 1, `${what}: one line on stderr, got:\n${run.stderr}`);
    assert.match(lines[0]!, /^cairn: /, what);
    assert.doesNotMatch(
        lines[0]!,
        /\b(ENOTDIR|EPERM|EACCES|EROFS|ECONNREFUSED)\b|must match|readonly database|^\s+at /,
    );
    return lines[0]!;
}

/** Runs a command as the unprivileged user "nobody" when this is root, so that file permissions apply. */
const asUser: SpawnSyncOptions = process.getuid?.() === 0 ? {uid: 65534, gid: 65534} : {};

function ownedByUser(dir: string): string {
    if (process.getuid?.() === 0) fs.chownSync(dir, 65534, 65534);
    return dir;
}

/** A loopback port where nothing listens (and that fetch does not refuse as it refuses 1 or 9). */
async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const {port} = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
}

test("a data directory on /proc or /sys is refused at once, naming the folder and what to do", () => {
    for (const dir of ["/proc/x", "/proc/sys/x", "/sys/x"]) {
        const run = cairn(["chat", "--data", dir, "--model", TEST_MODEL, "hi"], {timeout: paced(15_000)});
        assert.ok(run.ms < paced(15_000), `${dir} returned (it looped on mkdir before)`);
        const line = oneLine(run, dir);
        assert.match(line, new RegExp(`^cairn: the data directory ${dir} is on /(proc|sys), .*--data DIR`));
    }
});

test("a data directory under a file, a folder the user cannot write, a read-only database: each said in words", () => {
    const file = path.join(tempDir(), "notes.txt");
    fs.writeFileSync(file, "x");
    assert.match(
        oneLine(cairn(["chat", "--data", path.join(file, "x"), "hi"]), "under a file"),
        /the data directory .*notes\.txt\/x cannot be made: .*notes\.txt is a file, not a folder; choose a folder you can write to with --data DIR/,
    );
    assert.match(oneLine(cairn(["tools", "list", "--data", file]), "a file"), /is a file, not a folder/);

    const locked = ownedByUser(tempDir());
    fs.chmodSync(locked, 0o555);
    assert.match(
        oneLine(cairn(["chat", "--data", locked, "hi"], asUser), "read-only folder"),
        /the data directory .* is not writable \(permission denied\); choose a folder you can write to/,
    );
    assert.match(
        oneLine(
            cairn(["chat", "--data", path.join(locked, "sub"), "hi"], asUser),
            "inside a read-only folder",
        ),
        /the data directory .*sub cannot be made \(permission denied\)/,
    );

    const data = ownedByUser(tempDir());
    fs.chmodSync(data, 0o755);
    const made = cairn(["tools", "list", "--data", data], asUser);
    assert.equal(made.code, 0, made.stderr);
    fs.chmodSync(path.join(data, "cairn.sqlite"), 0o444);
    assert.match(
        oneLine(cairn(["tools", "list", "--data", data], asUser), "read-only database"),
        /the database .*cairn\.sqlite cannot be written \(permission denied\); give your user write access to it, or choose another data directory/,
    );
    // providers reads the data directory without the core: checked the same way.
    assert.match(oneLine(cairn(["providers", "list", "--data", "/proc/x"]), "providers"), /is on \/proc/);
});

test("a long message: from a file or standard input, whole; refused before generation when it cannot fit", () => {
    const data = tempDir();
    const base = ["chat", "--data", data, "--model", TEST_MODEL, "--threads", "1", "--json"];
    // About 125 KB: within one message's limit, far beyond the context: refused with its size in tokens.
    const long = path.join(data, "long.txt");
    fs.writeFileSync(long, "Once upon a time there was a cat who sat on a mat. ".repeat(2500));
    const refused = cairn([...base, "--file", long]);
    assert.match(
        oneLine(refused, "too long"),
        /^cairn: the message is [\d,]+ tokens, more than this model's context of 2,048 tokens can take \([\d,]+ are left for it/,
    );
    assert.equal(JSON.parse(refused.stdout).status, "error", "the question and the refusal are kept");

    // 1 MB: over what one message takes, said in characters before anything loads.
    const huge = path.join(data, "huge.txt");
    fs.writeFileSync(huge, "x".repeat(1_048_576));
    assert.match(
        oneLine(cairn([...base, "--file", huge]), "1 MB"),
        /^cairn: the message is 1,048,576 characters; one message takes at most 200,000 .*cairn ingest FILE/,
    );

    // A short message by standard input (-) and by file is answered.
    const piped = cairn([...base, "--max-tokens", "4", "-"], {input: "Tell me a story."});
    assert.equal(piped.code, 0, piped.stderr);
    assert.equal(JSON.parse(piped.stdout).status, "complete");
    const short = path.join(data, "short.txt");
    fs.writeFileSync(short, "Tell me a story.\n");
    const filed = cairn([...base, "--max-tokens", "4", "--file", short]);
    assert.equal(filed.code, 0, filed.stderr);
    assert.match(
        oneLine(cairn([...base, "--file", path.join(data, "none.txt")]), "no file"),
        /cannot read the message file .*none\.txt/,
    );
});

test("models inspect and loading refuse a truncated GGUF: how many bytes of how many, and what to do", () => {
    const data = tempDir();
    const size = fs.statSync(TEST_MODEL).size;
    const cut = path.join(data, "cut.gguf");
    fs.writeFileSync(cut, fs.readFileSync(TEST_MODEL).subarray(0, 800_000));
    const expected = new RegExp(
        `the model file .*cut\\.gguf is incomplete: 800,000 of ${size.toLocaleString("en-US")} bytes; download it again`,
    );
    assert.match(oneLine(cairn(["models", "inspect", cut, "--data", data]), "inspect"), expected);
    assert.match(oneLine(cairn(["chat", "--model", cut, "--data", data, "hi"]), "load"), expected);
    const whole = cairn(["models", "inspect", TEST_MODEL, "--data", data]);
    assert.equal(whole.code, 0, whole.stderr);
});

test("the tensor table's end is the file's end for a real GGUF; a shorter file is incomplete", async () => {
    const {readGgufFileInfo} = await import("node-llama-cpp");
    const info = await readGgufFileInfo(TEST_MODEL, {readTensorInfo: true, logWarnings: false});
    const size = fs.statSync(TEST_MODEL).size;
    const end = tensorDataEnd(info.tensorInfo!)!;
    assert.ok(end <= size && size - end < 32, `data ends at ${end}, the file at ${size}`);
    assert.equal(incompleteProblem("m.gguf", size, info.tensorInfo), null);
    assert.match(inEnglish(incompleteProblem("m.gguf", end - 1, info.tensorInfo)!), /incomplete/);
    // Quantized blocks: 256 values of Q4_K take 144 bytes, of Q6_K 210.
    const q = (ggmlType: number, fileOffset: number) => ({dimensions: [512, 2], ggmlType, fileOffset});
    assert.equal(tensorDataEnd([q(12, 0), q(14, 576)]), 576 + 4 * 210);
    assert.equal(
        tensorDataEnd([{dimensions: [8], ggmlType: 999, fileOffset: 0}]),
        null,
        "an unknown type skips",
    );
});

test("stories fail when their site cannot be reached; the skip note names the flag", async () => {
    const story = path.join(ROOT, "tests/stories/S5-web-off.yaml");
    const port = await closedPort();
    const run = cairn(["stories", "--site", `http://127.0.0.1:${port}`, "--model", TEST_MODEL, story]);
    assert.match(
        oneLine(run, "no site"),
        new RegExp(
            `^cairn: the story site http://127\\.0\\.0\\.1:${port} cannot be reached \\(nothing is listening there\\)`,
        ),
    );
    assert.doesNotMatch(run.stdout, /PASS/);
    const site = await startStorySite();
    try {
        // This process serves the site: the CLI runs without blocking it.
        const notSearch = await runCli([
            "stories",
            "--site",
            `${site.site}/nothing`,
            "--model",
            TEST_MODEL,
            story,
        ]);
        assert.match(oneLine({...notSearch, ms: 0}, "wrong site"), /answered 404 to a search/);
    } finally {
        await site.close();
    }
});

test("window words stay in the window: check with no model, chat with an unreachable --base-url", async () => {
    const port = await closedPort();
    const check = cairn(["check", "--data", tempDir()]);
    assert.equal(check.code, 1);
    assert.match(
        check.stdout,
        /^fail +model loaded: no model is chosen: pass --model PATH or set CAIRN_MODEL/m,
    );
    assert.match(check.stdout, /^skip +chat completion: needs a loaded model/m);
    assert.doesNotMatch(check.stdout, /Open Models/);

    const remote = cairn([
        "chat",
        "--data",
        tempDir(),
        "--base-url",
        `http://127.0.0.1:${port}/v1`,
        "--remote-model",
        "m",
        "hi",
    ]);
    const line = oneLine(remote, "dead server");
    assert.match(
        line,
        new RegExp(
            `cannot reach 127\\.0\\.0\\.1:${port} \\(nothing is listening there\\); .*leave out --base-url`,
        ),
    );
    assert.doesNotMatch(line, /switch this conversation/);
    const listing = cairn(["chat", "--data", tempDir(), "--base-url", `http://127.0.0.1:${port}/v1`, "hi"]);
    assert.match(
        oneLine(listing, "dead server, no model named"),
        new RegExp(
            `cannot reach 127\\.0\\.0\\.1:${port} \\(nothing is listening there\\) to list its models`,
        ),
    );
});

test("argument mistakes: one line with the command's synopsis; --help per command; no command is a failure", () => {
    const data = tempDir();
    assert.match(
        oneLine(cairn(["chat", "--frobnicate", "hi"]), "unknown option"),
        /^cairn: unknown option --frobnicate \(usage: cairn chat \[--data DIR\].*; cairn chat --help says more\)$/,
    );
    assert.match(
        oneLine(cairn(["chat", "--max-tokens", "-5", "hi"]), "negative"),
        /^cairn: --max-tokens must be a whole number from 1 to 1000000, got "-5" \(usage: cairn chat /,
    );
    assert.match(
        oneLine(cairn(["chat", "--model"]), "no value"),
        /^cairn: --model needs a value \(usage: cairn chat/,
    );
    assert.match(oneLine(cairn([]), "nothing"), /^cairn: no command given: run `cairn help`/);
    assert.match(
        oneLine(cairn(["models", "download", "ftp://x", "--data", data]), "ftp"),
        /^cairn: models download takes an https:\/\/ address or hf:USER\/REPO\/FILE .*not "ftp:\/\/x"$/,
    );
    assert.match(
        oneLine(cairn(["providers", "add", "x", "--data", data]), "no base url"),
        /^cairn: providers add x needs --base-url URL: the address of the OpenAI-compatible server/,
    );
    assert.match(
        oneLine(
            cairn(["chat", "--data", data, "--model", TEST_MODEL, "--tool", "nosuch", "hi"]),
            "unknown tool",
        ),
        /^cairn: no tool named nosuch; `cairn tools list` shows the tools$/,
    );
    assert.match(
        // One argument holds at most 128 KiB on Linux: a longer message comes by standard input.
        oneLine(
            cairn(["chat", "--data", data, "--model", TEST_MODEL, "-"], {input: "x".repeat(200_001)}),
            "200,001",
        ),
        /^cairn: the message is 200,001 characters; one message takes at most 200,000/,
    );

    const all = cairn(["--help"]);
    assert.equal(all.code, 0);
    for (const command of [
        "serve",
        "chat",
        "providers",
        "models",
        "ingest",
        "search",
        "tools",
        "mcp",
        "check",
        "doctor",
        "stories",
    ]) {
        const one = cairn([command, "--help"]);
        assert.equal(one.code, 0, command);
        assert.match(one.stdout, new RegExp(`^Usage:\\n  ${command} `), command);
        assert.match(one.stdout, /Common options:/);
        assert.ok(one.stdout.length < all.stdout.length / 2, `${command} --help is that command's usage`);
        assert.equal(cairn(["help", command]).stdout, one.stdout);
    }
    assert.match(cairn(["chat", "--help"]).stdout, /--file PATH \| -/);
});

test("serve with a model file that is not there ends with one line and exit 1", () => {
    const run = cairn(
        ["serve", "--data", tempDir(), "--port", "0", "--model", path.join(os.tmpdir(), "no-such.gguf")],
        {
            timeout: paced(30_000),
        },
    );
    assert.equal(run.code, 1, "it ended by itself");
    assert.match(oneLine(run, "missing model"), /^cairn: model file not found: .*no-such\.gguf/);
    assert.equal(run.stdout, "", "no address is printed for a server that is not going to run");
    // A file that is there but no model: the same.
    const notes = path.join(tempDir(), "notes.gguf");
    fs.writeFileSync(notes, "not a model");
    const text = cairn(["serve", "--data", tempDir(), "--port", "0", "--model", notes], {
        timeout: paced(30_000),
    });
    assert.match(oneLine(text, "not a model"), /^cairn: not a GGUF model file: .*notes\.gguf/);
    assert.equal(text.stdout, "");
});

test("failures that came with more than one line: an import refused, a download offline; each says it once", () => {
    const data = tempDir();
    const bad = path.join(tempDir(), "bad.json");
    fs.writeFileSync(bad, "{");
    const imported = cairn(["import", "--data", data, bad]);
    assert.match(oneLine(imported, "import"), /^cairn: bad\.json is not valid JSON, or ends early/);
    assert.equal(imported.stdout, "bad.json: 0 conversations imported (0 messages)\n");
    const json = cairn(["import", "--data", data, "--json", bad]);
    assert.match(oneLine(json, "import --json"), /^cairn: bad\.json is not valid JSON/);
    assert.equal((JSON.parse(json.stdout) as {files: {imported: number}[]}).files[0]!.imported, 0);
    const offline = cairn([
        "models",
        "download",
        "--offline",
        "--data",
        data,
        "https://huggingface.co/x/y.gguf",
    ]);
    assert.match(
        oneLine(offline, "download offline"),
        /^cairn: Offline mode is on: the download of https:\/\/huggingface\.co\/x\/y\.gguf was not sent/,
    );
});
