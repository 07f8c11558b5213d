import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import JSZip from "jszip";
import {extractFile} from "../../main/docs/extract.js";
import type {ExtractError} from "../../main/web/formats/document.js";
import {sayIn} from "../../main/words.js";
import {openTestCore, unwrap} from "../helpers/core.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// Real files from public repositories' test suites (tests/fixtures/formats/SOURCES.md says which), read
// through the extraction worker as ingest reads them.
const FIXTURES = path.resolve("tests/fixtures/formats");
const read = (name: string) =>
    extractFile(path.join(FIXTURES, name), fs.readFileSync(path.join(FIXTURES, name)));
const headings = (doc: Awaited<ReturnType<typeof read>>) =>
    doc.sections.map((s) => s.heading?.join(" › ") ?? "");
const whole = (doc: Awaited<ReturnType<typeof read>>) => doc.sections.map((s) => s.text).join("\n\n");

test("Word, OpenDocument text, RTF, EPUB and notebooks keep their headings as Markdown", async () => {
    const docx = whole(await read("headers.docx"));
    assert.match(docx, /^# A Test of Headers\n\n## Second Level\n\nSome plain text\.\n\n### Third level/);
    assert.match(whole(await read("tables.docx")), /\| Lebron James\s+\| Basketball\s+\| Very High\s+\|/);
    assert.match(
        whole(await read("headers.odt")),
        /^# A header \(Lv 1\)\n\nA paragraph\n\n## Another header \(Lv 2\)/,
    );
    assert.equal(
        whole(await read("heading.rtf")),
        "# Heading 1\n\n## Heading 2\n\n### Heading 3\n\nParagraph",
    );
    assert.equal(whole(await read("accent.rtf")).trim(), "le café où on ne fume pas");
    const epub = await read("wasteland.epub");
    assert.equal(epub.title, "The Waste Land");
    assert.match(whole(epub), /## I\. THE BURIAL OF THE DEAD\n\nApril is the cruellest month, breeding/);
    const notebook = whole(await read("simple.ipynb"));
    assert.match(notebook, /\*\*Lorem ipsum\*\* dolor sit amet/);
    assert.match(notebook, /```\nprint\("hello"\)\n```/);
});

test("slides, sheets and messages are sections of their own, named for citations", async () => {
    const deck = await read("speaker-notes.pptx");
    assert.deepEqual(headings(deck), ["Slide 1", "Slide 2", "Slide 3", "Slide 4"]);
    assert.equal(
        deck.sections[2]!.text,
        "A page with two notes.\n\nNotes:\nThe first note div\nThe second note div",
    );

    // calamine's issues.xlsx and issues.ods hold the same workbook: both read to the same sheets.
    const xlsx = await read("issues.xlsx");
    const ods = await read("issues.ods");
    assert.deepEqual(headings(xlsx), headings(ods));
    assert.deepEqual(headings(xlsx).slice(0, 3), ["Sheet datatypes", "Sheet Sheet1", "Sheet issue2"]);
    assert.equal(xlsx.sections[2]!.text, "| 1 | a |\n| --- | --- |\n| 2 | b |\n| 3 | c |");
    assert.equal(ods.sections[2]!.text, xlsx.sections[2]!.text);

    // Dates and times by the cell's number format, in both of Excel's date systems (calamine's files).
    const dates = "| 2021-01-01 | 15 |\n| --- | --- |\n| 2021-01-02 | 16 |\n| 255:10:10 | 17 |";
    assert.equal(whole(await read("date.xlsx")), dates);
    assert.equal(whole(await read("date_1904.xlsx")), dates, "the 1904 date system");

    const mail = await read("delivery-status.eml");
    assert.equal(mail.title, "Delivery Status Notification (Failure)");
    assert.match(whole(mail), /^From: MAILER-DAEMON@amazonses\.com\nTo: xxxxx@gmail\.com\n/);
    const mbox = await read("sample.mbox");
    assert.equal(mbox.sections.length, 14);
    assert.equal(headings(mbox)[0], "Message 1: [PATCH] a commit.");
    const cvs = mbox.sections.find((s) => s.heading?.[0]?.includes("git-cvsimport-script"))!;
    assert.match(
        cvs.text,
        /^From: David Kågedal <davidk@lysator\.liu\.se>/,
        "RFC 2047 and ISO-8859-1 decoded",
    );
});

test("protected, damaged, old-format and zip-bomb files are refused, each with its reason", async () => {
    const dir = tempDir();
    const zip = async (name: string, files: Record<string, string | Buffer>) => {
        const z = new JSZip();
        for (const [file, body] of Object.entries(files)) z.file(file, body);
        const bytes = await z.generateAsync({type: "nodebuffer", compression: "DEFLATE"});
        fs.writeFileSync(path.join(dir, name), bytes);
        return bytes;
    };
    const docx = await zip("bomb.docx", {"word/document.xml": " ".repeat(40 * 2 ** 20)});
    fs.writeFileSync(path.join(dir, "cut.docx"), docx.subarray(0, docx.length / 2));
    await zip("drm.epub", {
        "META-INF/container.xml": `<container><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>`,
        "book.opf": `<package><manifest><item id="c1" href="c1.xhtml"/></manifest><spine><itemref idref="c1"/></spine></package>`,
        "c1.xhtml": "encrypted bytes",
        "META-INF/encryption.xml": `<encryption><EncryptedData><CipherData><CipherReference URI="c1.xhtml"/></CipherData></EncryptedData></encryption>`,
    });
    const compound = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(compound);
    fs.writeFileSync(path.join(dir, "old.docx"), compound);
    fs.writeFileSync(path.join(dir, "plain.rtf"), "not rtf at all");
    const reason = async (file: string) =>
        await extractFile(file, fs.readFileSync(file)).then(
            () => "read",
            (error: Error) => error.message,
        );
    assert.equal(
        await reason(path.join(FIXTURES, "pass_protected.xlsx")),
        "encrypted Office file (password protected): save a copy without a password and add that",
    );
    assert.equal(
        await reason(path.join(FIXTURES, "pass_protected.ods")),
        "encrypted OpenDocument spreadsheet (password protected)",
    );
    assert.match(
        await reason(path.join(dir, "bomb.docx")),
        /^refused as a zip bomb: this Word document would unpack to 40 MB/,
    );
    assert.equal(await reason(path.join(dir, "cut.docx")), "damaged Word document (not a complete zip file)");
    assert.equal(
        await reason(path.join(dir, "drm.epub")),
        "DRM-protected EPUB book (its chapters are encrypted)",
    );
    assert.equal(
        await reason(path.join(dir, "old.docx")),
        "an old binary Office file named .docx: save it as .docx and add it again",
    );
    assert.equal(
        await reason(path.join(dir, "plain.rtf")),
        "not an RTF file (it does not start with {\\rtf)",
    );

    // Each reason carries its words, which the window says in its language, the file's format named in it.
    const german = async (file: string) =>
        await extractFile(file, fs.readFileSync(file)).then(
            () => "read",
            (error: ExtractError) => (error.words ? sayIn("de", error.words) : `no words: ${error.message}`),
        );
    assert.equal(
        await german(path.join(FIXTURES, "pass_protected.ods")),
        "Verschlüsselte Datei (OpenDocument-Tabelle, passwortgeschützt)",
    );
    assert.match(
        await german(path.join(dir, "bomb.docx")),
        /^Als ZIP-Bombe abgelehnt: Diese Datei \(Word-Dokument\) würde auf 40 MB entpackt \(mehr als 256 MB/,
    );
    assert.equal(
        await german(path.join(dir, "cut.docx")),
        "Beschädigte Datei (Word-Dokument): keine vollständige ZIP-Datei",
    );
    assert.equal(
        await german(path.join(dir, "old.docx")),
        "Alte binäre Office-Datei mit der Endung .docx: Speichere sie als .docx und füge sie erneut hinzu",
    );
    assert.equal(await german(path.join(dir, "plain.rtf")), "Keine RTF-Datei (sie beginnt nicht mit {\\rtf)");

    // calamine's denial-of-service sheet: cells repeated 16,384 × 1,048,576 times are read up to the cell limit.
    const dos = await read("issue_594_dos.ods");
    assert.ok(whole(dos).length < 4_000_000, `read ${whole(dos).length} characters`);
});

test("a passage found in a slide, a sheet or a message cites it by name", async () => {
    const t = await openTestCore({modelPath: null});
    try {
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: TEST_MODEL}));
        const files = ["speaker-notes.pptx", "issues.xlsx", "sample.mbox", "headers.docx"].map((f) =>
            path.join(FIXTURES, f),
        );
        const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths: files}));
        const final = (await t.core.docs.ingest.settled(jobId))!;
        assert.deepEqual(final.errors, []);
        const where = async (query: string) => {
            const hit = unwrap(await t.api.invoke("docs.search", {query, limit: 1}))[0]!;
            return [path.basename(hit.path), hit.location.heading.join(" › ")];
        };
        assert.deepEqual(await where("second note div"), ["speaker-notes.pptx", "Slide 3"]);
        assert.deepEqual(await where("cvsps timestamp fuzz factor"), [
            "sample.mbox",
            "Message 5: [PATCH] Fixed two bugs in git-cvsimport-script.",
        ]);
        assert.deepEqual(await where("no Heading 7 style exists in styles.xml"), [
            "headers.docx",
            "A Test of Headers", // the whole document is one passage: it is cited by its first heading
        ]);
    } finally {
        await t.core.dispose();
    }
});
