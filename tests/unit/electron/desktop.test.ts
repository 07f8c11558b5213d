import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {AppEvent, Message} from "../../../shared/contract.js";
import {shortcutProblem as shortcutWords, updateFeedProblem as feedWords} from "../../../shared/desktop.js";
import {inEnglish} from "../../../main/words.js";
import {FinishWatcher, LONG_ANSWER_MS, trayMenu} from "../../../electron/desktopModel.js";
import {desktopRequest} from "../../../electron/security.js";
import {autostartEntry, autostartFolder, setAutostart} from "../../../electron/autostart.js";
import {SHELL_WORDS, shellWords} from "../../../electron/words.js";
import {tempDir} from "../../helpers/paths.js";
import {assertPluralForms, assertSameWords} from "../../helpers/words.js";

const english = shellWords("en");

/** A check's problem in English (what the core refuses with), or null. */
const shortcutProblem = (text: string) => {
    const words = shortcutWords(text);
    return words && inEnglish(words);
};
const updateFeedProblem = (text: string) => {
    const words = feedWords(text);
    return words && inEnglish(words);
};

test("a quick-ask shortcut is Electron's accelerator grammar, with a modifier typing never presses", () => {
    for (const good of ["CommandOrControl+Shift+Space", "Alt+Q", "Ctrl+Plus", "Super+F12", "CmdOrCtrl+/"])
        assert.equal(shortcutProblem(good), null, good);
    assert.match(shortcutProblem("Shift+A")!, /needs Ctrl, Alt, Super/);
    assert.match(shortcutProblem("Space")!, /needs Ctrl, Alt, Super/);
    assert.match(shortcutProblem("Hyper+A")!, /“Hyper” is not a modifier/);
    assert.match(shortcutProblem("Ctrl+Spacebar")!, /“Spacebar” is not a key/);
    assert.match(shortcutProblem("Ctrl++")!, /write “Plus”/);
});

test("an update feed is https, or http on this computer only", () => {
    assert.equal(updateFeedProblem("https://updates.example.com/cairn/"), null);
    assert.equal(updateFeedProblem("http://127.0.0.1:8080/feed/"), null);
    assert.equal(updateFeedProblem("http://localhost/feed"), null);
    assert.equal(updateFeedProblem("http://[::1]:9/x"), null);
    assert.match(updateFeedProblem("http://updates.example.com/")!, /must use https/);
    assert.match(updateFeedProblem("http://127.0.0.1.evil.example/")!, /must use https/);
    assert.match(updateFeedProblem("ftp://example.com/")!, /must be an https address/);
    assert.match(updateFeedProblem("updates.example.com")!, /is not a web address/);
});

test("a setting's problem is words (a key and its values) the window says in its language", () => {
    assert.deepEqual(shortcutWords("Hyper+A"), {key: "shortcutModifier", values: {modifier: "Hyper"}});
    assert.deepEqual(feedWords("ftp://example.com/"), {
        key: "feedNotHttps",
        values: {address: "ftp://example.com/"},
    });
});

test("the tray says the engine's state, or the answers being written, and offers an update once found", () => {
    const state = {
        engine: {state: "ready" as const, modelName: "Qwen3-4B", message: null},
        answering: 0,
        update: null,
        quickAskShortcut: "Alt+Q",
    };
    const idle = trayMenu(state, english);
    assert.equal(idle.tooltip, "Cairn — ready (Qwen3-4B)");
    assert.deepEqual(
        idle.items.map((i) => i.id),
        ["status", "show", "quickAsk", "newConversation", "quit"],
    );
    assert.equal(idle.items.find((i) => i.id === "quickAsk")!.accelerator, "Alt+Q");
    assert.equal(idle.items[0]!.enabled, false);
    const busy = trayMenu({...state, answering: 2, update: "0.2.0"}, english);
    assert.equal(busy.tooltip, "Cairn — writing 2 answers");
    assert.equal(busy.items.at(-2)!.label, "Install Cairn 0.2.0…");
    assert.equal(
        trayMenu({...state, engine: {state: "no-model", modelName: null, message: null}}, english).tooltip,
        "Cairn — no model loaded",
    );
});

test("the tray and notifications speak the window's language, counting as it counts", () => {
    const state = {
        engine: {state: "loading" as const, modelName: null, message: null},
        answering: 0,
        update: "0.3.0",
        quickAskShortcut: null,
    };
    const german = trayMenu(state, shellWords("de"));
    assert.equal(german.tooltip, "Cairn — lädt das Modell…");
    assert.deepEqual(
        german.items.slice(1).map((i) => i.label),
        [
            "Cairn zeigen",
            "Schnell fragen…",
            "Neue Unterhaltung",
            "Cairn 0.3.0 installieren…",
            "Cairn beenden",
        ],
    );
    assert.equal(trayMenu({...state, answering: 5}, shellWords("ru")).tooltip, "Cairn — пишет 5 ответов");
    assert.equal(trayMenu({...state, answering: 2}, shellWords("ar")).tooltip, "Cairn — يكتب إجابتين");
    let say = shellWords("de");
    const watcher = new FinishWatcher(() => say);
    const progress = {jobId: "j", filesTotal: 1, filesDone: 1, chunks: 1, currentFile: null, message: null};
    assert.deepEqual(
        watcher.observe({type: "docs.progress", progress: {...progress, state: "done", errors: []}}),
        {
            title: "Dokumente hinzugefügt",
            body: "1 Datei, 1 Abschnitt.",
            conversationId: null,
        },
    );
    // The window changed its language: the next notification follows.
    say = shellWords("fr");
    assert.equal(
        watcher.observe({type: "docs.progress", progress: {...progress, state: "done", errors: []}})!.title,
        "Documents ajoutés",
    );
});

test("an automation's run that ended is a notification that opens its conversation; a run starting is none", () => {
    const watcher = new FinishWatcher(() => english);
    const run = {
        id: "r1",
        automationId: "a1",
        dueAt: 0,
        trigger: "schedule" as const,
        startedAt: 0,
        endedAt: 1,
        conversationId: "c9",
        error: null,
    };
    assert.equal(
        watcher.observe({type: "automations.run", name: "Digest", run: {...run, status: "running"}}),
        null,
    );
    assert.deepEqual(
        watcher.observe({type: "automations.run", name: "Digest", run: {...run, status: "done"}}),
        {
            title: "Automation “Digest” ran",
            body: "",
            conversationId: "c9",
        },
    );
    const failed = {
        ...run,
        status: "failed" as const,
        error: "the run was stopped at its time budget of 1 minutes",
    };
    assert.deepEqual(watcher.observe({type: "automations.run", name: "Digest", run: failed}), {
        title: "Automation “Digest” failed",
        body: "the run was stopped at its time budget of 1 minutes",
        conversationId: "c9",
    });
});

test("the shell's words: every language says every English word, with its own plural forms", () => {
    assertSameWords(SHELL_WORDS.en, SHELL_WORDS);
    assertPluralForms(SHELL_WORDS.en, SHELL_WORDS);
});

const message = (id: string, status: Message["status"], content = "The answer, at length."): Message =>
    ({id, conversationId: "c1", role: "assistant", content, status}) as Message;

test("a notification comes for a long answer, not a short or stopped one; for an ingest done or failed; for an approval", () => {
    let now = 0;
    const watcher = new FinishWatcher(
        () => english,
        () => now,
    );
    const token = (messageId: string): AppEvent => ({
        type: "chat.token",
        conversationId: "c1",
        messageId,
        text: "x",
    });
    watcher.observe(token("short"));
    now = LONG_ANSWER_MS - 1;
    assert.equal(
        watcher.observe({type: "chat.done", conversationId: "c1", message: message("short", "complete")}),
        null,
    );
    now = 0;
    watcher.observe(token("long"));
    watcher.observe(token("stopped"));
    assert.equal(watcher.answering, 2);
    now = LONG_ANSWER_MS;
    assert.deepEqual(
        watcher.observe({
            type: "chat.done",
            conversationId: "c1",
            message: message("long", "complete", "A  long\nanswer"),
        }),
        {
            title: "Cairn answered",
            body: "A long answer",
            conversationId: "c1",
        },
    );
    assert.equal(
        watcher.observe({
            type: "chat.done",
            conversationId: "c1",
            message: message("stopped", "interrupted"),
        }),
        null,
    );
    assert.equal(watcher.answering, 0);
    // A turn's last state comes after its answer is done: it starts nothing.
    watcher.observe({type: "turn.state", conversationId: "c1", messageId: "long", state: "IDLE"});
    assert.equal(watcher.answering, 0);
    const progress = {jobId: "j", filesTotal: 3, filesDone: 3, chunks: 40, currentFile: null, message: null};
    assert.deepEqual(
        watcher.observe({
            type: "docs.progress",
            progress: {...progress, state: "done", errors: [{path: "a.pdf", error: "broken"}]},
        }),
        {
            title: "Documents added",
            body: "3 files, 40 passages, 1 could not be read.",
            conversationId: null,
        },
    );
    assert.equal(
        watcher.observe({type: "docs.progress", progress: {...progress, state: "running", errors: []}}),
        null,
    );
    assert.equal(
        watcher.observe({
            type: "docs.progress",
            progress: {...progress, state: "failed", errors: [], message: "no embedding model"},
        })!.body,
        "no embedding model",
    );
    const approval = watcher.observe({
        type: "tool.approvalRequested",
        request: {
            approvalId: "a",
            conversationId: "c2",
            messageId: "m",
            tool: "write_file",
            sideEffect: "write",
            args: {},
            reason: "",
        },
    });
    assert.deepEqual(approval, {
        title: "Cairn asks before it goes on",
        body: "write_file is waiting for your approval.",
        conversationId: "c2",
    });
});

test("a window's desktop requests are checked: anything else is ignored", () => {
    assert.deepEqual(desktopRequest({action: "closeQuickAsk"}), {action: "closeQuickAsk"});
    assert.deepEqual(desktopRequest({action: "setLanguage", language: "pt-BR"}), {
        action: "setLanguage",
        language: "pt-BR",
    });
    assert.deepEqual(desktopRequest({action: "openConversation", conversationId: "c_1-2"}), {
        action: "openConversation",
        conversationId: "c_1-2",
    });
    for (const bad of [
        null,
        "closeQuickAsk",
        {action: "openConversation", conversationId: "../x"},
        {action: "openConversation", conversationId: 5},
        {action: "closeQuickAsk", extra: 1},
        {action: "setLanguage", language: "xx"},
        {action: "setLanguage", language: "de", extra: 1},
        {action: "setLanguage", language: ["de"]},
        {action: "quit"},
    ])
        assert.equal(desktopRequest(bad), null, JSON.stringify(bad));
});

test("start at login on Linux: the freedesktop autostart entry is written, quoted, and removed", () => {
    assert.equal(autostartFolder({XDG_CONFIG_HOME: "/x/config"}), path.join("/x/config", "autostart"));
    assert.match(autostartFolder({}), /\.config[\\/]autostart$/);
    const entry = autostartEntry(["/opt/Cairn App/cairn", "--hidden"]);
    assert.match(entry, /^\[Desktop Entry\]\nType=Application\n/);
    assert.match(entry, /\nExec="\/opt\/Cairn App\/cairn" --hidden\n/);
    const folder = path.join(tempDir(), "autostart");
    const file = setAutostart(true, ["/usr/bin/cairn", "--hidden"], folder);
    assert.equal(file, path.join(folder, "cairn.desktop"));
    assert.match(fs.readFileSync(file, "utf8"), /\nExec=\/usr\/bin\/cairn --hidden\n/);
    setAutostart(false, [], folder);
    assert.equal(fs.existsSync(file), false);
    setAutostart(false, [], folder);
});
