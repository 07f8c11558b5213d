import PostalMime, {type Email} from "postal-mime";
import {toMarkdown} from "../html.js";
import {FILE_LIMITS, refusedFile, type ExtractedDocument, type Section} from "./document.js";
import {messageOf} from "../../../shared/format.js";

/** One e-mail (.eml): its headers that matter, its text (or its HTML as Markdown) and its attachments' names. */
export async function fromEml(body: Uint8Array): Promise<ExtractedDocument> {
    const email = await parse(body);
    return {
        title: email.subject?.trim() ?? "",
        kind: "email",
        sections: [{text: describe(email), page: null}],
    };
}

/**
 * A mailbox (.mbox, mboxo and mboxrd): a section per message, named by its number and subject. Messages are
 * split at lines starting "From " after a blank line (or at the start); ">From " lines are unquoted.
 */
export async function fromMbox(body: Uint8Array): Promise<ExtractedDocument> {
    // Blank lines before the first "From " line are allowed (git's own sample mailbox has them).
    const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
        .toString("latin1")
        .replace(/^\s*\n(?=From )/, "");
    if (!text.startsWith("From ")) throw refusedFile("mailboxNot");
    const starts = [0];
    for (const m of text.matchAll(/\n\n(From [^\n]*)\n/g)) starts.push(m.index + 2);
    if (starts.length > FILE_LIMITS.maxMessages)
        throw refusedFile("mailboxTooLarge", {limit: FILE_LIMITS.maxMessages});
    const sections: Section[] = [];
    for (const [i, start] of starts.entries()) {
        const raw = text.slice(text.indexOf("\n", start) + 1, starts[i + 1] ?? text.length);
        const unquoted = raw.replace(/^>(>*From )/gm, "$1");
        const email = await parse(Buffer.from(unquoted, "latin1"));
        const subject = email.subject?.trim();
        sections.push({
            text: describe(email),
            page: null,
            heading: [subject ? `Message ${i + 1}: ${subject}` : `Message ${i + 1}`],
        });
    }
    return {title: "", kind: "mbox", sections};
}

async function parse(body: Uint8Array): Promise<Email> {
    try {
        return await PostalMime.parse(body, {attachmentEncoding: "arraybuffer"});
    } catch (error) {
        throw refusedFile("mailUnreadable", {detail: messageOf(error)});
    }
}

function describe(email: Email): string {
    const address = (a: {name?: string; address?: string} | undefined) =>
        a ? (a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? "")) : "";
    const headers = [
        email.from ? `From: ${address(email.from)}` : null,
        email.to?.length ? `To: ${email.to.map(address).join(", ")}` : null,
        email.date ? `Date: ${email.date}` : null,
        email.subject ? `Subject: ${email.subject}` : null,
    ].filter(Boolean);
    const body = email.text?.trim() || (email.html ? toMarkdown(email.html) : "");
    const text = body.replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, "\n\n");
    const attachments = email.attachments.map((a) => a.filename).filter(Boolean);
    return [headers.join("\n"), text, attachments.length ? `Attachments: ${attachments.join(", ")}` : ""]
        .filter(Boolean)
        .join("\n\n");
}
