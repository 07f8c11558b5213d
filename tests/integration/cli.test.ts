import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import {test} from "node:test";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

function cairn(args: string[], env: NodeJS.ProcessEnv = {}) {
    const result = spawnSync(process.execPath, [CLI, ...args], {
        encoding: "utf8",
        env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: "", ...env},
        timeout: paced(60_000),
    });
    return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

test("chat --json prints one JSON object for the turn", () => {
    const data = tempDir();
    const r = cairn([
        "chat",
        "--data",
        data,
        "--model",
        TEST_MODEL,
        "--threads",
        "1",
        "--max-tokens",
        "16",
        "--json",
        "Hi",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines.length, 1);
    const turn = JSON.parse(lines[0]!);
    assert.equal(turn.status, "complete");
    assert.equal(turn.tokens.completion, 16);
    assert.ok(turn.tokens.prompt > 0);
    assert.ok(turn.answer.length > 0);
    assert.match(turn.conversationId, /^[0-9a-f-]{36}$/);
    assert.ok(turn.timings.durationMs > 0);
    // The turn's counters, as the message details show them.
    assert.equal(turn.counters.completionTokens, 16);
    assert.ok(turn.counters.promptTokens > 0);
    assert.equal(turn.counters.reusedTokens, 0, "a first turn reuses nothing");
    assert.ok(turn.counters.timeToFirstTokenMs > 0);
    assert.ok(turn.counters.tokensPerSecond > 0);
    assert.equal(turn.counters.contextShifted, false);

    // --conversation continues the same conversation; CAIRN_MODEL is honoured.
    const next = cairn(
        [
            "chat",
            "--data",
            data,
            "--conversation",
            turn.conversationId,
            "--max-tokens",
            "4",
            "--json",
            "Again",
        ],
        {CAIRN_MODEL: TEST_MODEL},
    );
    assert.equal(next.code, 0, next.stderr);
    assert.equal(JSON.parse(next.stdout).conversationId, turn.conversationId);

    // With neither flag nor variable, the model used last time answers.
    const remembered = cairn(["chat", "--data", data, "--max-tokens", "4", "--json", "Once more"]);
    assert.equal(remembered.code, 0, remembered.stderr);
    assert.equal(JSON.parse(remembered.stdout).status, "complete");
});

test("chat streams plain text to stdout", () => {
    const r = cairn(["chat", "--data", tempDir(), "--model", TEST_MODEL, "--max-tokens", "8", "Hi"]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.trim().length > 0);
    assert.doesNotMatch(r.stdout, /^\{/);
});

test("chat --mode plan prints the proposed plan, its steps numbered, the answer last; --json carries it", () => {
    const data = tempDir();
    const args = ["chat", "--data", data, "--model", TEST_MODEL, "--mode", "plan", "--max-tokens", "8"];
    const r = cairn([...args, "How busy is this computer?"]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines[0], "Plan (proposed):");
    assert.match(lines.at(-2)!, /^\d+\. .* \(the answer\)$/);
    assert.match(lines.at(-1)!, /metadata\.plan/);
    const json = cairn([...args, "--json", "Again"]);
    const out = JSON.parse(json.stdout) as {
        plan: {state: string; steps: {action: string}[]};
        toolCalls: unknown[];
    };
    assert.equal(out.plan.state, "proposed");
    assert.equal(out.plan.steps.at(-1)!.action, "completion");
    assert.deepEqual(out.toolCalls, []);
});

test("failures exit non-zero with one line on stderr", () => {
    const cases: Array<[string[], RegExp]> = [
        [
            ["chat", "--data", tempDir(), "hello"],
            /^cairn: no model to answer with: pass --model PATH or set CAIRN_MODEL to a GGUF file/,
        ],
        [
            ["ingest", "--data", tempDir(), "README.md"],
            /^cairn: no embedding model is chosen: pass --embedding-model PATH \(a GGUF file\)/,
        ],
        [
            ["chat", "--data", tempDir(), "--model", "/no/model.gguf", "hello"],
            /^cairn: model file not found: \/no\/model.gguf/,
        ],
        [["chat", "--data", tempDir(), "--model", TEST_MODEL], /^cairn: nothing to ask/],
        [
            ["chat", "--data", tempDir(), "--model", TEST_MODEL, "--conversation", "nope", "x"],
            /^cairn: conversation not found: nope/,
        ],
        [["frobnicate"], /^cairn: unknown command "frobnicate"/],
        [["serve", "--port", "99999"], /^cairn: --port must be a whole number from 0 to 65535/],
        [["chat", "--bogus"], /^cairn: unknown option --bogus \(usage: cairn chat /],
        [
            ["chat", "--flash-attention", "sometimes", "x"],
            /^cairn: --flash-attention must be one of auto, on, off, got "sometimes"/,
        ],
    ];
    for (const [args, pattern] of cases) {
        const r = cairn(args);
        assert.equal(r.code, 1, args.join(" "));
        const lines = r.stderr
            .trim()
            .split("\n")
            .filter((l) => l.startsWith("cairn:"));
        assert.equal(lines.length, 1, r.stderr);
        assert.match(lines[0]!, pattern);
    }
    const env = cairn(["chat", "x"], {CAIRN_FLASH_ATTENTION: "fast"});
    assert.equal(env.code, 1);
    assert.match(env.stderr, /^cairn: CAIRN_FLASH_ATTENTION must be one of auto, on, off, got "fast"/m);
});

test("the core's refusals follow the terminal's language (LC_ALL, LC_MESSAGES, LANG); the CLI's own lines stay English", () => {
    const inspect = (locale: NodeJS.ProcessEnv) =>
        cairn(["models", "inspect", "--data", tempDir(), "/no/model.gguf"], {
            LC_ALL: "",
            LC_MESSAGES: "",
            LANG: "",
            ...locale,
        });
    const german = inspect({LANG: "de_DE.UTF-8"});
    assert.equal(german.code, 1);
    assert.match(
        german.stderr,
        /^cairn: Modelldatei nicht gefunden: \/no\/model\.gguf; wähle eine GGUF-Modelldatei$/m,
    );
    assert.match(
        inspect({LANG: "de_DE.UTF-8", LC_ALL: "fr_FR.UTF-8"}).stderr,
        /^cairn: Fichier de modèle introuvable : \/no\/model\.gguf ; choisissez un fichier de modèle GGUF$/m,
    );
    assert.match(
        inspect({LANG: "C.UTF-8"}).stderr,
        /^cairn: model file not found: \/no\/model\.gguf; choose a GGUF model file$/m,
    );
    const usage = cairn(["frobnicate"], {LC_ALL: "", LANG: "de_DE.UTF-8"});
    assert.match(usage.stderr, /^cairn: unknown command "frobnicate"/m);
});

test("help lists the commands", () => {
    const r = cairn(["help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /serve \[--port N\]/);
    assert.match(r.stdout, /chat \[--data DIR\]/);
});

test("chat --json carries the turn's tool calls and their events", () => {
    const r = cairn([
        "chat",
        "--data",
        tempDir(),
        "--model",
        TEST_MODEL,
        "--max-tokens",
        "4",
        "--tool",
        "stats",
        "--args",
        "{}",
        "--json",
        "How is the machine?",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const turn = JSON.parse(r.stdout);
    assert.equal(turn.toolCalls[0].tool, "system_stats");
    const types = turn.events.map((e: {type: string}) => e.type);
    assert.ok(types.includes("tool.request") && types.includes("tool.result"), types.join(", "));
    assert.ok(
        turn.events.every((e: {call?: {messageId: string}}) => e.call?.messageId === turn.messageId),
        "only this answer's events",
    );
});

test("check walks the stack: a line per tier, then N passed, N failed; a missing model fails it", () => {
    const run = (...extra: string[]) =>
        spawnSync(process.execPath, [CLI, "check", "--data", tempDir(), "--threads", "1", ...extra], {
            encoding: "utf8",
            env: {...process.env, CAIRN_MODEL: ""},
        });
    const good = run("--model", TEST_MODEL, "--embedding-model", TEST_MODEL);
    assert.equal(good.status, 0, good.stderr);
    const lines = good.stdout.trim().split("\n");
    assert.match(lines[0]!, /^ok +model loaded: .*stories260K.* on cpu/);
    assert.match(lines[1]!, /^ok +chat completion: \d+ tokens at/);
    assert.match(lines[2]!, /^ok +tool step: system_stats ok/);
    assert.match(lines[3]!, /^ok +embeddings: a \d+-dimension vector/);
    assert.match(lines[4]!, /^skip +documents search: no documents indexed/);
    assert.match(lines[5]!, /^skip +local API: off/);
    assert.match(lines[6]!, /^skip +web access: web access is off/);
    assert.equal(lines[7], "4 passed, 0 failed");

    const none = run();
    assert.equal(none.status, 1);
    assert.match(none.stdout, /^fail +model loaded: /m);
    assert.match(none.stdout, /^\d+ passed, [1-9]\d* failed$/m);
});

test("doctor: one line per backend, one in use, and a build command for each one not available", () => {
    for (const extra of [[], ["--cpu"]]) {
        const result = spawnSync(process.execPath, [CLI, "doctor", ...extra], {
            encoding: "utf8",
            env: {...process.env, CAIRN_DATA_DIR: tempDir(), CAIRN_LLAMA_SERVER: ""},
        });
        assert.equal(result.status, 0, result.stderr);
        const lines = result.stdout.trim().split("\n");
        assert.ok(
            lines.some((l) => /^CPU +(in use|available)/.test(l)),
            result.stdout,
        );
        assert.equal(lines.filter((l) => / in use/.test(l)).length, 1, "one backend runs");
        // Which CPU code runs: node-llama-cpp's prebuilt binaries (a variant) or a build made here.
        const build =
            /^CPU build: (prebuilt binaries(, variant [a-z0-9_]+)?|built here from llama\.cpp's source) \([A-Z0-9_, ]+; (ggml's threads, started again for every token|one ggml thread pool kept per model context|OpenMP threads)\)$/m.exec(
                result.stdout,
            );
        assert.ok(build, result.stdout);
        // The CPU's row advises a build for this CPU over the prebuilt binaries (CI's case), and nothing over one made now.
        if (extra.length)
            assert.match(
                result.stdout,
                build[1]!.startsWith("prebuilt")
                    ? /^CPU +in use: prebuilt binaries.* faster with 2 threads.*; to build it from source: cairn doctor --build-native$/m
                    : /^CPU +in use$/m,
                "--cpu: the CPU runs",
            );
        // Local vision's server: none built in this (default) data folder's engines, so the command that builds it.
        assert.match(
            result.stdout,
            /^Local vision: llama-server not built; a model with its projector sees images once it is: cairn doctor --build-vision$/m,
        );
        for (const line of lines.filter((l) => / not available/.test(l))) {
            const name = line.split(" ")[0]!.toLowerCase();
            assert.ok(
                line.endsWith(`to build it from source: npx --no node-llama-cpp source build --gpu ${name}`),
                line,
            );
        }
    }
});
