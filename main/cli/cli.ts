import {isDiskFull} from "../paths.js";
import {commandOf, parseCli, UsageError, type CliArgs} from "./args.js";
import {commandSynopsis, commandUsage, USAGE} from "./usage.js";
import {messageOf} from "../../shared/format.js";

/**
 * Runs one CLI command; returns the process exit code. Errors are one line on stderr. Help and argument
 * mistakes are answered here, before the commands' module (the core, SQLite, the MCP SDK…) is loaded: that
 * takes about a second, which `cairn help` and a mistyped option do not need.
 */
export async function runCli(argv: string[]): Promise<number> {
    let args: CliArgs;
    try {
        args = parseCli(argv);
    } catch (error) {
        return usageFailure(commandOf(argv), error);
    }
    if (args.help) return help(args.command);
    if (args.command === undefined)
        return failLine("no command given: run `cairn help` to see the commands (chat, serve, models…)");
    if (!commandUsage(args.command))
        return failLine(`unknown command "${args.command}"; run \`cairn help\` to see the commands`);
    try {
        const {runCommand} = await import("./commands.js");
        return await runCommand(args);
    } catch (error) {
        if (error instanceof UsageError) return usageFailure(args.command, error);
        if (isDiskFull(error)) return failLine(await diskFullLine(error));
        return failLine(messageOf(error));
    }
}

/** `cairn help`, `cairn --help`: every command; `cairn chat --help`, `cairn help chat`: that command. */
function help(command: string | undefined): number {
    if (command === undefined) {
        process.stdout.write(USAGE);
        return 0;
    }
    const usage = commandUsage(command);
    if (!usage) return failLine(`unknown command "${command}"; run \`cairn help\` to see the commands`);
    process.stdout.write(usage);
    return 0;
}

/** An argument error in one line, with the synopsis of the command it was meant for. */
function usageFailure(command: string | undefined, error: unknown): number {
    const message = messageOf(error);
    const more = command && commandUsage(command) ? `cairn ${command} --help` : "cairn help";
    return failLine(`${message} (usage: ${commandSynopsis(command)}; ${more} says more)`);
}

/** A full disk met before the core could answer (opening the library writes): said in the terminal's language. */
async function diskFullLine(error: unknown): Promise<string> {
    const [{wordsOf}, {sayInTerminal}] = await Promise.all([
        import("../../shared/coreWords.js"),
        import("./language.js"),
    ]);
    const words = wordsOf("libraryNotWritten", {detail: messageOf(error)});
    return sayInTerminal(messageOf(error), words);
}

function failLine(message: string): number {
    process.stderr.write(`cairn: ${message}\n`);
    return 1;
}
