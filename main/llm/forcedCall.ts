/** A piece of a call's arguments as the model writes them (index: which call of the step). */
export type CallChunk = {index: number; name: string; text: string};

/**
 * A forced call is written as JSON text, `{"name": "...", "arguments": {...}}` (the grammar guarantees the
 * shape and the order). This follows that text as it is generated and reports the call the way native
 * calls are reported: the name once it is complete, then the arguments' text as it grows. The last
 * character written is held back, so that the outer object's closing brace is never sent as arguments.
 */
export class ForcedCallStream {
    private text = "";
    private name: string | null = null;
    private argsStart = -1;
    private sent = 0;

    constructor(private readonly onChunk: (chunk: CallChunk) => void) {}

    push(delta: string): void {
        this.text += delta;
        if (this.name === null) {
            const named = /^\s*\{\s*"name"\s*:\s*"((?:[^"\\]|\\.)*)"\s*,\s*"arguments"\s*:\s*(?=\S)/.exec(
                this.text,
            );
            if (!named) return;
            this.name = JSON.parse(`"${named[1]!}"`) as string;
            this.argsStart = named[0].length;
            this.sent = this.argsStart;
        }
        // Everything but the last non-blank character: it may be the outer object's "}".
        const trimmed = this.text.trimEnd();
        const upTo = trimmed.length - 1;
        if (upTo > this.sent) {
            this.onChunk({index: 0, name: this.name, text: this.text.slice(this.sent, upTo)});
            this.sent = upTo;
        }
    }
}
