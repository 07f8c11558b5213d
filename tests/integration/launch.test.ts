import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {CLI, ROOT, TEST_MODEL, tempDir} from "../helpers/paths.js";

// `cairn launch`: a coding agent on the local model. The agents themselves are hundreds of megabytes and not
// installed here, so a small program stands in for each under its name on PATH: it reads its settings the way
// the agent does (Claude Code: ANTHROPIC_* variables; Codex: its -c options) and asks Cairn's API with the
// official client of the protocol that agent speaks.
const clientOf = (name: string) =>
    JSON.stringify(
        new URL(`file://${fs.realpathSync(path.join(ROOT, "node_modules", ...name.split("/")))}/`).href,
    );

const CLAUDE = `#!/usr/bin/env node
import {createRequire} from "node:module";
const require = createRequire(${clientOf("@anthropic-ai/sdk")});
const {default: Anthropic} = await import(require.resolve("@anthropic-ai/sdk"));
const client = new Anthropic({baseURL: process.env.ANTHROPIC_BASE_URL, authToken: process.env.ANTHROPIC_AUTH_TOKEN, apiKey: null});
const message = await client.messages.create({model: process.env.ANTHROPIC_MODEL, max_tokens: 4, messages: [{role: "user", content: "hi"}]});
console.log(JSON.stringify({args: process.argv.slice(2), type: message.type, model: process.env.ANTHROPIC_MODEL}));
process.exit(7);
`;

const CODEX = `#!/usr/bin/env node
import {createRequire} from "node:module";
const require = createRequire(${clientOf("openai")});
const {default: OpenAI} = await import(require.resolve("openai"));
const argv = process.argv.slice(2);
const config = {};
for (let i = 0; i < argv.length; i++) if (argv[i] === "-c") { const [k, v] = argv[++i].split(/=(.*)/s); config[k] = v.startsWith('"') ? JSON.parse(v) : v; }
const provider = config.model_provider;
const base = config["model_providers." + provider + ".base_url"];
const key = process.env[config["model_providers." + provider + ".env_key"]];
const wire = config["model_providers." + provider + ".wire_api"];
const model = argv[argv.indexOf("-m") + 1];
const client = new OpenAI({baseURL: base, apiKey: key, maxRetries: 0});
const response = await client.responses.create({model, input: "hi", max_output_tokens: 4});
console.log(JSON.stringify({wire, object: response.object, window: Number(config.model_context_window), rest: argv.slice(argv.indexOf("-m") + 2)}));
`;

function withAgents(): {bin: string; data: string} {
    const bin = tempDir("cairn-agents-");
    fs.writeFileSync(path.join(bin, "claude"), CLAUDE, {mode: 0o755});
    fs.writeFileSync(path.join(bin, "codex"), CODEX, {mode: 0o755});
    return {bin, data: tempDir()};
}

function cairn(args: string[], env: Record<string, string> = {}) {
    return spawnSync(process.execPath, [CLI, ...args], {
        encoding: "utf8",
        env: {...process.env, CAIRN_MODEL: "", ...env},
        timeout: 120_000,
    });
}

test("cairn launch claude and codex run the agent on the local model, with its arguments and its exit code", () => {
    const {bin, data} = withAgents();
    const PATH = `${bin}${path.delimiter}${process.env.PATH}`;
    const claude = cairn(["launch", "claude", "--data", data, "--model", TEST_MODEL, "--", "-p", "hi"], {
        PATH,
    });
    assert.equal(claude.status, 7, claude.stderr);
    assert.deepEqual(JSON.parse(claude.stdout), {args: ["-p", "hi"], type: "message", model: "stories260K"});
    assert.match(
        claude.stderr,
        /Claude Code runs on stories260K through Anthropic's Messages API at http:\/\/127\.0\.0\.1:\d+\/v1/,
    );

    const codex = cairn(["launch", "codex", "--data", data, "--model", TEST_MODEL, "--", "exec", "hi"], {
        PATH,
    });
    assert.equal(codex.status, 0, codex.stderr);
    const ran = JSON.parse(codex.stdout) as {wire: string; object: string; window: number; rest: string[]};
    assert.deepEqual(
        {...ran, window: 0},
        {wire: "responses", object: "response", window: 0, rest: ["exec", "hi"]},
    );
    assert.ok(ran.window >= 256, `Codex is told the model's context (${ran.window} tokens)`);
});

test("cairn launch --print writes each agent's settings as shell lines; a missing agent or an unknown one is said", () => {
    const data = tempDir();
    const printed = cairn(["launch", "claude", "--print", "--data", data, "--model", TEST_MODEL]);
    assert.equal(printed.status, 0, printed.stderr);
    assert.match(
        printed.stdout,
        /^export ANTHROPIC_BASE_URL=http:\/\/127\.0\.0\.1:11480\nexport ANTHROPIC_AUTH_TOKEN=cairn-/,
    );
    assert.match(printed.stdout, /\nexport ANTHROPIC_MODEL=stories260K\n/);
    assert.match(printed.stdout, /\n# then run: claude\n$/);
    assert.match(printed.stderr, /nothing answers at http:\/\/127\.0\.0\.1:11480\/v1 yet: turn the API on/);
    const opencode = cairn(["launch", "opencode", "--print", "--data", data, "--model", TEST_MODEL]);
    const config = /export OPENCODE_CONFIG_CONTENT='(.*)'\n/.exec(opencode.stdout)?.[1];
    assert.ok(config, opencode.stdout);
    const parsed = JSON.parse(config) as {model: string; provider: {cairn: {options: {baseURL: string}}}};
    assert.equal(parsed.model, "cairn/stories260K");
    assert.equal(parsed.provider.cairn.options.baseURL, "http://127.0.0.1:11480/v1");

    const missing = cairn(["launch", "codex", "--data", data, "--model", TEST_MODEL], {PATH: tempDir()});
    assert.equal(missing.status, 1);
    assert.match(
        missing.stderr,
        /Codex \(codex\) is not installed here: install it with `npm install -g @openai\/codex`/,
    );
    const unknown = cairn(["launch", "gemini", "--data", data]);
    assert.match(unknown.stderr, /cairn launch runs claude, codex, opencode, not "gemini"/);
});
