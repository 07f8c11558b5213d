import crypto from "node:crypto";
import type {KeyVault} from "../../main/llm/keyVault.js";

/**
 * The desktop app's vault is Electron's safeStorage (the system keychain), which cannot run here: this
 * one encrypts the same way in spirit, AES-256-GCM under a key that lives only in this process's memory.
 */
export function memoryVault(): KeyVault {
    const secret = crypto.randomBytes(32);
    return {
        available: () => true,
        encrypt(text) {
            const iv = crypto.randomBytes(12);
            const cipher = crypto.createCipheriv("aes-256-gcm", secret, iv);
            const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
            return Buffer.concat([iv, cipher.getAuthTag(), body]);
        },
        decrypt(data) {
            const decipher = crypto.createDecipheriv("aes-256-gcm", secret, data.subarray(0, 12));
            decipher.setAuthTag(data.subarray(12, 28));
            return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8");
        },
    };
}
