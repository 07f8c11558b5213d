import fs from "node:fs";
import path from "node:path";
import type {AppEvent, Plan} from "../../shared/contract.js";
import {codeOf, messageOf} from "../../shared/format.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {Core} from "../core.js";

// What `cairn chat` shows besides the answer's text: its plan, its tool events, and the images it sends.

export function eventMessageId(e: AppEvent): string | null {
    if (e.type === "tool.request" || e.type === "tool.result") return e.call.messageId;
    if (e.type === "tool.approvalRequested") return e.request.messageId;
    return null;
}

/** A proposed plan as the terminal shows it: its steps, numbered, and where to run it. */
export function planText(plan: Plan): string {
    const lines = plan.steps.map((s) => {
        const call =
            s.action === "memory"
                ? `documents ${JSON.stringify(s.args ?? {})}`
                : s.tool
                  ? `${s.tool} ${JSON.stringify(s.args ?? {})}`
                  : "the answer";
        return `${s.id}. ${s.label} (${call})${s.problem ? ` ! ${s.problem}` : ""}`;
    });
    return `Plan (${plan.state}):\n${lines.join("\n")}\nRun or edit it in the app (cairn serve), or with the local API's metadata.plan.\n`;
}

/** `--image FILE`s checked and kept as the window's attachments are; their ids, in order. */
export async function keepImages(core: Core, files: string[]): Promise<Result<string[]>> {
    const ids: string[] = [];
    for (const file of files) {
        try {
            const bytes = await fs.promises.readFile(file);
            ids.push((await core.conversations.attachments.keep(bytes, path.basename(file))).id);
        } catch (error) {
            const missing = codeOf(error) === "ENOENT";
            return fail("VALIDATION", missing ? `no such image file: ${file}` : messageOf(error));
        }
    }
    return ok(ids);
}
