// The user's Hugging Face token: stored encrypted by the operating system's keychain (the desktop app), or
// HF_TOKEN, the variable Hugging Face's own tools read. Never written in clear, never sent back to a window.
import fs from "node:fs";
import path from "node:path";
import {fail, ok, type Result} from "../../shared/result.js";
import {readSecret, writeSecret, type KeyVault} from "../llm/keyVault.js";

export class HubToken {
    private readonly file: string;
    /** The stored token, read and decrypted once (undefined: not read yet); set() keeps it current. */
    private kept: string | null | undefined;

    constructor(
        private readonly vault: KeyVault | null,
        dataDir: string,
        private readonly env: NodeJS.ProcessEnv = process.env,
    ) {
        this.file = path.join(dataDir, "secrets", "huggingface-token.bin");
    }

    /** The stored token, else HF_TOKEN; null: none. */
    get(): string | null {
        return this.stored() ?? (this.env.HF_TOKEN || null);
    }

    where(): {set: boolean; from: "stored" | "HF_TOKEN" | null} {
        if (this.stored()) return {set: true, from: "stored"};
        return this.env.HF_TOKEN ? {set: true, from: "HF_TOKEN"} : {set: false, from: null};
    }

    set(token: string | null): Result<{set: boolean}> {
        if (token === null) {
            fs.rmSync(this.file, {force: true});
            this.kept = null;
            return ok({set: false});
        }
        if (!this.vault?.available()) {
            return fail(
                "DENIED",
                "this computer cannot store the token encrypted here (no keychain); set HF_TOKEN before starting Cairn instead",
            );
        }
        writeSecret(this.vault, this.file, token);
        this.kept = token;
        return ok({set: true});
    }

    private stored(): string | null {
        if (this.kept === undefined) {
            this.kept =
                this.vault?.available() && fs.existsSync(this.file)
                    ? readSecret(this.vault, this.file)
                    : null;
        }
        return this.kept;
    }
}
