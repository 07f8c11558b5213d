import fs from "node:fs";
import {formatBytes} from "../../shared/format.js";
import type {Core} from "../core.js";
import type {CliArgs} from "./args.js";

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/** `cairn transcribe FILE.wav`: the recording's text, from the speech model in use (as dictation). */
export async function transcribeCommand(
    core: Pick<Core, "speech" | "transcriber">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [file] = args.positionals;
    if (!file) return out.fail("name a WAV file: cairn transcribe FILE.wav");
    if (args.positionals.length === 0 || !fs.existsSync(file)) return out.fail(`no such file: ${file}`);
    const model = core.speech.inUse();
    if (!model)
        return out.fail(
            "no speech model: download one on the Models screen, put a whisper.cpp ggml-*.bin file in the models folder, or name one with --speech-model",
        );
    const result = await core.transcriber.transcribe(fs.readFileSync(file));
    if (!result.ok) return out.fail(result.error.message);
    const {text, seconds, milliseconds} = result.value;
    if (out.json) out.write(JSON.stringify(result.value) + "\n");
    else {
        out.write(`${text}\n`);
        process.stderr.write(
            `${model.name} (${formatBytes(model.sizeBytes)}): ${seconds.toFixed(1)} s of audio in ${(milliseconds / 1000).toFixed(1)} s\n`,
        );
    }
    return 0;
}
