import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import {CitationStore} from "../../main/store/citations.js";
import {ConversationStore} from "../../main/store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../../main/store/db.js";
import {CLI, tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";

// Exports written by the real CLI from a real library: what each format holds, and what the reader chose.

function cairn(...args: string[]) {
    const run = spawnSync(process.execPath, [CLI, ...args], {encoding: "utf8"});
    return {code: run.status, out: run.stdout, err: run.stderr};
}

const ANSWER = [
    "The area is $\\pi r^2$ [1].",
    "",
    "| r | area |",
    "| - | ---- |",
    "| 1 | 3.14 |",
    "",
    "```python",
    "def area(r):",
    "    return 3.14159 * r * r  # pi r squared",
    "```",
    "",
    "<script>alert('x')</script><img src=x onerror=alert(1)>",
].join("\n");

function library(): {dataDir: string; id: string} {
    const dataDir = tempDir();
    const id = seedConversation(dataDir, "Circles", [
        {question: "What is the area of a circle?", answer: ANSWER, thought: "Recall the formula."},
    ]);
    const db = openDatabase(path.join(dataDir, DB_FILE_NAME));
    const store = new ConversationStore(db);
    const answer = store.messages(id).at(-1)!;
    new CitationStore(db).add(answer.id, {
        kind: "url",
        number: 1,
        title: "Circle (Wikipedia)",
        url: "https://en.wikipedia.org/wiki/Circle",
        snippet: "area",
        toolCallId: null,
    });
    db.close();
    return {dataDir, id};
}

test("HTML export: one self-contained file (inline styles, MathML, highlighted code, footnotes), no script, nothing fetched", () => {
    const {dataDir, id} = library();
    const file = path.join(tempDir(), "circles.html");
    const run = cairn("export", "--data", dataDir, "--format", "html", "--out", file, id);
    assert.equal(run.code, 0, run.err);
    const html = fs.readFileSync(file, "utf8");
    assert.match(html, /^<!doctype html>/);
    assert.match(
        html,
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/,
    );
    assert.match(html, /<math[^>]*>[\s\S]*<mi>π<\/mi>/, "math as MathML");
    assert.match(html, /<table>[\s\S]*<td>3\.14<\/td>/, "GFM table");
    assert.match(html, /<span class="hljs-keyword">def<\/span>/, "highlighted code");
    assert.match(html, /<span class="hljs-comment"># pi r squared<\/span>/);
    assert.match(html, /<details class="thought"><summary>Thought for 1\.2 s<\/summary>/);
    assert.match(html, /Circle \(Wikipedia\)/, "the source is listed");
    assert.match(html, /href="#user-content-fn-m2-1"/, "the marker links to it");
    assert.doesNotMatch(html, /<script|onerror|<img/i, "raw HTML in an answer is dropped");
    assert.doesNotMatch(
        html,
        /(?:src|href)="(?:https?:)?\/\/(?!en\.wikipedia\.org)/,
        "nothing but the cited link points away",
    );
    assert.doesNotMatch(html, /<link|@import|url\(/, "no stylesheet or font to fetch");
});

test("the reader chooses: without thinking and sources, neither is in the Markdown or HTML", () => {
    const {dataDir, id} = library();
    const md = cairn("export", "--data", dataDir, "--without", "thinking,sources", id);
    assert.equal(md.code, 0, md.err);
    assert.match(md.out, /^# Circles\n/);
    assert.doesNotMatch(md.out, /Recall the formula|Wikipedia|\[\^m2-1\]/);
    assert.match(md.out, /The area is \$\\pi r\^2\$ \./);
    const html = cairn("export", "--data", dataDir, "--format", "html", "--without", "thinking", id).out;
    assert.doesNotMatch(html, /Recall the formula/);
    assert.match(html, /Wikipedia/);
    assert.match(
        cairn("export", "--data", dataDir, "--without", "memory", id).err,
        /--without takes thinking, tools and sources, not memory/,
    );
});

test("the whole library as JSON lines, imported again into another library whole", () => {
    const {dataDir} = library();
    seedConversation(dataDir, "Squares", [
        {question: "And a square?", answer: "Its side squared.", earlier: ["s²"]},
    ]);
    const file = path.join(tempDir(), "library.jsonl");
    const run = cairn("export", "--data", dataDir, "--format", "jsonl", "--all", "--out", file);
    assert.equal(run.code, 0, run.err);
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    assert.equal(lines.length, 2);
    assert.deepEqual(
        lines.map((l) => (JSON.parse(l) as {format: string}).format),
        ["cairn.conversation", "cairn.conversation"],
    );
    const other = tempDir();
    const imported = cairn("import", "--data", other, file);
    assert.equal(imported.code, 0, imported.err);
    assert.match(imported.out, /library\.jsonl \(Cairn\): 2 conversations imported \(5 messages\)/);
    const db = openDatabase(path.join(other, DB_FILE_NAME));
    try {
        const store = new ConversationStore(db);
        const squares = store.list().find((c) => c.title === "Squares")!;
        assert.equal(store.messages(squares.id).at(-1)!.versions.length, 2, "every version came along");
    } finally {
        db.close();
    }
    assert.match(
        cairn("import", "--data", other, file).out,
        /0 conversations imported \(0 messages\), 2 already in the library/,
    );
});

test("export needs conversations to name, and a folder for several files", () => {
    const {dataDir} = library();
    assert.match(
        cairn("export", "--data", dataDir).err,
        /name the conversations to export \(their ids\), or --all for every one/,
    );
    seedConversation(dataDir, "Second", [{question: "q", answer: "a"}]);
    assert.match(
        cairn("export", "--data", dataDir, "--all").err,
        /2 conversations make 2 files: give --out DIR/,
    );
    const folder = path.join(tempDir(), "out") + path.sep;
    assert.equal(cairn("export", "--data", dataDir, "--all", "--format", "html", "--out", folder).code, 0);
    assert.deepEqual(fs.readdirSync(folder).sort(), ["Circles.html", "Second.html"]);
});

test("export --all to a folder: conversations that share a title each get their own file", () => {
    const {dataDir} = library();
    for (let i = 0; i < 4; i++)
        seedConversation(dataDir, "Notes", [{question: `question ${i}`, answer: "a"}]);
    seedConversation(dataDir, "notes", [{question: "lower case", answer: "a"}]);
    const folder = path.join(tempDir(), "out");
    fs.mkdirSync(folder);
    const run = cairn("export", "--data", dataDir, "--all", "--out", folder);
    assert.equal(run.code, 0, run.err);
    const files = fs.readdirSync(folder);
    // Which of the five gets the plain name depends on the list's order; each gets one, case aside.
    assert.deepEqual(files.map((f) => f.toLowerCase()).sort(), [
        "circles.md",
        "notes (2).md",
        "notes (3).md",
        "notes (4).md",
        "notes (5).md",
        "notes.md",
    ]);
    // Every conversation's question is in a file of its own: nothing was written over.
    const text = files.map((f) => fs.readFileSync(path.join(folder, f), "utf8")).join("\n");
    for (const question of ["question 0", "question 1", "question 2", "question 3", "lower case"])
        assert.ok(text.includes(question), question);
});
