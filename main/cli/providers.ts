import {checkProvider, providersFile, readProviders, removeProvider, saveProvider} from "../llm/providers.js";
import {UsageError, type CliArgs} from "./args.js";

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/**
 * `cairn providers list|add|remove`: the models served elsewhere in <data>/providers.json. A key is never
 * written there: --key-env names a variable, --key-file a file only its owner can read.
 */
export function providersCommand(dataDir: string, args: CliArgs, out: Out): number {
    const file = providersFile(dataDir);
    const [action, name] = args.positionals;
    switch (action ?? "list") {
        case "list": {
            const {providers, problems} = readProviders(file);
            for (const problem of problems) process.stderr.write(`cairn: ${problem}\n`);
            if (out.json) out.write(`${JSON.stringify(providers)}\n`);
            else if (providers.length === 0)
                out.write(`No providers in ${file}: answers come from the local model.\n`);
            else
                for (const p of providers)
                    out.write(
                        `${p.name}\t${p.type}\t${p.baseUrl}\t${p.model ?? "(first listed)"}\t${keySource(p)}\n`,
                    );
            return 0;
        }
        case "add": {
            if (!name)
                return out.fail(
                    "usage: cairn providers add NAME [--type T] [--base-url URL] [--remote-model M] [--key-env VAR | --key-file PATH]",
                );
            if (args.apiKey)
                return out.fail(
                    "keys are not stored in clear: put it in an environment variable (--key-env VAR) or a file only you can read (--key-file PATH)",
                );
            const type = args.providerType ?? "openai-compatible";
            if (type === "openai-compatible" && !args.baseUrl)
                return out.fail(
                    `providers add ${name} needs --base-url URL: the address of the OpenAI-compatible server (e.g. http://127.0.0.1:8080/v1)`,
                );
            const entry = {
                type,
                ...(args.baseUrl ? {baseUrl: args.baseUrl} : {}),
                ...(args.remoteModel ? {model: args.remoteModel} : {}),
                ...(args.keyEnv ? {keyEnv: args.keyEnv} : {}),
                ...(args.keyFile ? {keyFile: args.keyFile} : {}),
            };
            const checked = checkProvider(name, entry);
            if (typeof checked === "string") return out.fail(checked);
            saveProvider(file, checked);
            out.write(`Added ${name} to ${file}.\n`);
            return 0;
        }
        case "remove": {
            if (!name) return out.fail("usage: cairn providers remove NAME");
            if (!removeProvider(file, name)) return out.fail(`no provider named ${name} in ${file}`);
            out.write(`Removed ${name}.\n`);
            return 0;
        }
        default:
            return out.fail(`unknown providers action "${action}": use list, add or remove`);
    }
}

function keySource(p: {keyEnv?: string; keyFile?: string}): string {
    return p.keyEnv ? `key from $${p.keyEnv}` : p.keyFile ? `key from ${p.keyFile}` : "no key";
}

/** The provider name a server given on the command line gets for one command. */
export const ONE_OFF = "command-line";
const CLOUD_TYPES = ["openai", "gemini", "anthropic"];

/**
 * A provider for this command only, its key never stored: --base-url (an OpenAI-compatible server, or a
 * cloud API's own address with --provider TYPE), or --provider openai|gemini|anthropic with a key.
 */
export function oneOffProvider(args: CliArgs) {
    const cloud = args.provider !== undefined && CLOUD_TYPES.includes(args.provider);
    const apiKey = args.apiKey ?? process.env.CAIRN_API_KEY;
    if (!args.baseUrl && !(cloud && apiKey)) return undefined;
    if (args.provider && args.provider !== "openai-compatible" && !cloud)
        throw new UsageError(
            "--base-url goes with --provider openai-compatible, openai, gemini or anthropic (or alone); a named provider has its own URL",
        );
    const checked = checkProvider(ONE_OFF, {
        type: cloud ? args.provider : "openai-compatible",
        ...(args.baseUrl ? {baseUrl: args.baseUrl} : {}),
        ...(args.remoteModel ? {model: args.remoteModel} : {}),
    });
    if (typeof checked === "string") throw new UsageError(checked);
    return {
        ...checked,
        ...(apiKey ? {apiKey} : {}),
        otherwise: "or leave out --base-url and --provider to answer with the local model",
    };
}
