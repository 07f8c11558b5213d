import {expect, test, type Browser} from "@playwright/test";
import {axeOn} from "../helpers/axe.js";
import {startServe, type Served} from "../helpers/serve.js";
import {headerRowSpread} from "../helpers/headerMenu.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeAll(async () => {
    served = await startServe({extra: ["--max-tokens", "20"]});
});
test.afterAll(async () => served.stop());

/** A window whose system (the browser) speaks `locale`. */
async function windowIn(browser: Browser, locale: string) {
    const context = await browser.newContext({locale, viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(served.url);
    return {context, page};
}

test("a German system gets a German window: sidebar, date groups, Settings and its search", async ({
    browser,
}) => {
    const {context, page} = await windowIn(browser, "de-DE");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.getByRole("button", {name: "Neue Unterhaltung"}).click();
    const sidebar = page.getByRole("navigation", {name: "Unterhaltungen"});
    await expect(sidebar.getByText("Heute")).toBeVisible();
    // Untitled until its first question, the conversation is called so in German (the core keeps English).
    await expect(sidebar.locator("li.selected button.title")).toHaveText("Neue Unterhaltung");
    await expect(sidebar.getByRole("button", {name: "Aktionen für Neue Unterhaltung"})).toBeAttached();
    await expect(page.getByRole("textbox", {name: "Nachricht"})).toBeVisible();
    // The empty conversation's first questions are in German too (a slash command keeps its name).
    const starters = page.getByRole("list", {name: "Vorschläge für den Anfang"});
    await expect(starters.getByRole("button")).toHaveText([
        "Erkläre in fünf kurzen Punkten, wie eine Wärmepumpe funktioniert",
        "/stats",
        "Schreibe eine Python-Funktion, die prüft, ob eine Zeichenkette ein Palindrom ist",
        "/docs Was habe ich über das Budget geschrieben?",
    ]);
    // An answer puts the speed in the header beside the context meter and the fit badge: its fullest row.
    await page.getByRole("textbox", {name: "Nachricht"}).fill("Es war einmal");
    await page.getByRole("textbox", {name: "Nachricht"}).press("Enter");
    await expect(page.locator("article.message.assistant")).toHaveAttribute("data-status", "complete");
    await expect(page.locator(".chat-header .speed")).toBeAttached();
    // The messages' own words: who wrote each, and the answer's buttons.
    await expect(page.locator("article.message.user .role")).toContainText("Du");
    const answer = page.locator("article.message.assistant");
    await answer.hover();
    await expect(answer.getByRole("button", {name: "Neu generieren"})).toBeVisible();
    await expect(answer.getByRole("button", {name: "Kopieren"})).toBeVisible();
    // German's longer words keep to one header row too: they give way to icons where they would wrap it.
    for (const [width, height] of [
        [1280, 800],
        [800, 600],
    ] as const) {
        await page.setViewportSize({width, height});
        const {spread, middles} = await headerRowSpread(page);
        expect(spread, `${width} px: ${middles.join(", ")}`).toBeLessThanOrEqual(4);
        await expect(page.getByRole("button", {name: "Werkzeuge"})).toBeInViewport();
    }
    await page.setViewportSize({width: 1280, height: 800});
    // The status line and the header's menu: the engine's state, the themes and the conversation's choices.
    await expect(page.locator(".status .state")).toHaveText("bereit");
    await page.getByRole("button", {name: "Mehr"}).click();
    await expect(page.getByRole("menuitemradio", {name: "Hoher Kontrast"})).toBeVisible();
    await expect(page.getByRole("menuitem", {name: "Exportieren…"})).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Einstellungen"}).click();
    const settings = page.getByRole("dialog", {name: "Einstellungen"});
    await expect(settings.getByRole("heading", {level: 1})).toHaveText("Einstellungen");
    await expect(settings.getByRole("link", {name: "Sicherungen"})).toBeVisible();
    await expect(settings.getByRole("region", {name: "Netzwerk"})).toBeVisible();
    await settings.getByRole("searchbox", {name: "Einstellungen durchsuchen"}).fill("zzzz");
    await expect(settings.getByRole("status").first()).toHaveText("Keine Einstellung passt zu „zzzz“.");
    await settings.getByRole("searchbox", {name: "Einstellungen durchsuchen"}).fill("");
    await settings.getByRole("link", {name: "Desktop"}).click();
    await expect(settings.getByRole("switch", {name: /Cairn bei der Anmeldung starten/})).toBeVisible();
    await settings.getByRole("button", {name: "Schließen"}).click();
    // The dialogs: search (its count a German plural) and export.
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog", {name: "Unterhaltungen durchsuchen"});
    await search.getByRole("combobox", {name: "Unterhaltungen durchsuchen"}).fill("einmal");
    await expect(search.getByRole("status")).toHaveText("1 Nachricht gefunden.");
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Mehr"}).click();
    await page.getByRole("menuitem", {name: "Exportieren…"}).click();
    const exporting = page.getByRole("dialog", {name: "Exportieren"});
    await expect(exporting.getByRole("group", {name: "Einschließen (Markdown, HTML, PDF)"})).toBeVisible();
    await expect(exporting.getByRole("button", {name: "Markdown"})).toBeFocused();
    await context.close();
});

test("in German, the documents, memory, MCP and assistant screens speak German too", async ({browser}) => {
    const {context, page} = await windowIn(browser, "de-DE");
    await page.getByRole("button", {name: "Dokumente"}).click();
    const documents = page.getByRole("dialog", {name: "Dokumente"});
    await expect(documents.getByRole("textbox", {name: "Hinzuzufügende Dateien oder Ordner"})).toBeVisible();
    await expect(documents.getByRole("heading", {name: "Beobachtete Ordner"})).toBeVisible();
    await expect(documents.getByText("Hier gibt es noch keine Dokumente.")).toBeVisible();
    await documents.getByRole("button", {name: "Schließen"}).click();
    await page.getByRole("button", {name: "Einstellungen"}).click();
    const settings = page.getByRole("dialog", {name: "Einstellungen"});
    const memory = settings.getByRole("region", {name: "Gedächtnis"});
    await expect(memory.getByRole("switch", {name: "Gedächtnis verwenden"})).toBeVisible();
    await expect(memory.getByText("Noch keine Erinnerung.")).toBeVisible();
    await expect(
        settings.getByRole("region", {name: "MCP-Server"}).getByText("Noch keine Server."),
    ).toBeVisible();
    const assistants = settings.getByRole("region", {name: "Assistenten"});
    await assistants.getByRole("button", {name: "Neuer Assistent"}).click();
    const editor = assistants.getByRole("form", {name: "Neuer Assistent"});
    await expect(editor.getByRole("textbox", {name: "Anweisungen"})).toBeVisible();
    await expect(editor.getByRole("button", {name: "Assistent hinzufügen"})).toBeDisabled();

    // What the window checks and what the core refuses are said in German too.
    await settings.getByRole("link", {name: "Desktop"}).click();
    const desktop = settings.getByRole("region", {name: "Desktop"});
    const shortcut = desktop.getByRole("textbox", {name: "Tastenkürzel"});
    await shortcut.fill("Hyper+A");
    await shortcut.press("Enter");
    await expect(desktop.getByRole("alert")).toHaveText(
        "„Hyper“ ist keine Zusatztaste: nimm Ctrl, Alt, Shift, Super oder CommandOrControl",
    );
    const feed = desktop.getByRole("textbox", {name: "Update-Quelle"});
    await feed.fill("https://updates.example.com/cairn/");
    await feed.press("Enter");
    await desktop.getByRole("button", {name: "Nach Updates suchen"}).click();
    await expect(desktop.getByRole("status")).toContainText("Updates installiert die Desktop-App");
    await context.close();
});

test("in German, what the core reports is said in German: a model's fit, the backends, the tools' sources and side effects", async ({
    browser,
}) => {
    const {context, page} = await windowIn(browser, "de-DE");
    await expect(page.locator(".status .state")).toHaveText("bereit");
    const fit = page.locator(".chat-header [data-fit]").first();
    await expect(fit).toHaveAttribute(
        "title",
        /^(passt in|zu groß).*: braucht .* bei \d+ Token Kontext; .* frei/,
    );
    await page.getByRole("button", {name: "Modelle"}).click();
    const models = page.getByRole("dialog", {name: "Modelle"});
    await models.getByRole("tab", {name: "Engine"}).click();
    const backends = models.getByRole("list", {name: "Backends"});
    await expect(backends.locator('[data-state="not available"]').first()).toContainText("braucht");
    await expect(backends).not.toContainText(/needs|none was found|prebuilt/);
    await page.keyboard.press("Escape");
    await page.getByRole("button", {name: "Einstellungen"}).click();
    const tools = page.getByRole("dialog", {name: "Einstellungen"}).locator('tr[data-tool="create_file"]');
    await expect(tools.locator("td").nth(1)).toHaveText("in Cairn eingebaut");
    await expect(tools.locator("td").nth(2)).toHaveText("schreibt Dateien");
    await context.close();
});

test("an Arabic system gets a right-to-left window in Arabic, axe clean", async ({browser}) => {
    const {context, page} = await windowIn(browser, "ar-EG");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "ar");
    await expect(html).toHaveAttribute("dir", "rtl");
    const sidebar = page.getByRole("navigation", {name: "المحادثات"});
    await expect(sidebar.getByRole("button", {name: "محادثة جديدة"})).toBeVisible();
    // Right to left: the conversation list is on the right, the message box on its left.
    const list = (await sidebar.boundingBox())!;
    expect(list.x + list.width).toBeGreaterThan(1270);
    const box = (await page.getByRole("textbox", {name: "الرسالة"}).boundingBox())!;
    expect(box.x + box.width).toBeLessThan(list.x + 1);
    const found = await axeOn(page).analyze();
    expect(
        found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    await page.getByRole("button", {name: "الإعدادات"}).click();
    const settings = page.getByRole("dialog", {name: "الإعدادات"});
    await settings.getByRole("searchbox", {name: "البحث في الإعدادات"}).fill("GPU");
    // Arabic has six plural forms: three sections take the "few" one (one would be the singular, two the dual).
    await expect(settings.getByRole("status").first()).toHaveText("3 أقسام من 14 تطابق «GPU».");
    await settings.getByRole("searchbox", {name: "البحث في الإعدادات"}).fill("8192");
    await expect(settings.getByRole("status").first()).toHaveText("قسم واحد من 14 يطابق «8192».");
    await context.close();
});

test("a language chosen in Settings applies at once, stays after a reload, and System goes back to the system's", async ({
    browser,
}) => {
    const {context, page} = await windowIn(browser, "en-US");
    await page.getByRole("button", {name: "Settings"}).click();
    await choose(page.getByRole("combobox", {name: "Language"}), "Français");
    const settings = page.getByRole("dialog", {name: "Paramètres"});
    await expect(settings.getByRole("heading", {level: 1})).toHaveText("Paramètres");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("button", {name: "Nouvelle conversation", exact: true})).toBeAttached();
    await page.reload();
    await expect(page.getByRole("button", {name: "Nouvelle conversation", exact: true})).toBeVisible();
    await page.getByRole("button", {name: "Paramètres"}).click();
    const language = page.getByRole("combobox", {name: "Langue"});
    await expect(language).toHaveText("Français");
    await choose(language, /^Langue du système/);
    await expect(page.getByRole("dialog", {name: "Settings"})).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("combobox", {name: "Language"}).click();
    await expect(page.getByRole("option").first()).toHaveText("System language (English)");
    await page.keyboard.press("Escape");
    await context.close();
});

test("in German, a tool call's denial in the trace says why in German (the model read the English)", async ({
    browser,
}) => {
    const {context, page} = await windowIn(browser, "de-DE");
    await page.getByRole("button", {name: "Neue Unterhaltung"}).click();
    const box = page.getByRole("textbox", {name: "Nachricht"});
    // Web access is off in a new conversation: the page request is denied by the conversation's switch.
    await box.fill("/fetch http://127.0.0.1:9/page");
    await box.press("Enter");
    const answer = page.locator("article.message.assistant").first();
    await expect(answer.locator(".trace .step")).toHaveAttribute("data-status", "denied");
    await answer.locator(".trace summary").click();
    await expect(answer.locator(".trace .result pre")).toHaveText(
        "Abgelehnt: Der Webzugriff ist in dieser Unterhaltung aus",
    );
    await context.close();
});

// Last: it adds a project, whose buttons ("New conversation in …", "… settings") the tests above do not expect.
test("right to left, left-to-right words keep their order: a slash command, who wrote a message and when, a project's name; German's sidebar buttons keep to one line", async ({
    browser,
}) => {
    const {context, page} = await windowIn(browser, "ar-EG");
    const direction = (el: Element) => getComputedStyle(el).direction;
    await page.getByRole("button", {name: "محادثة جديدة"}).first().click();
    const starter = page.getByRole("list", {name: /./}).getByRole("button", {name: "/stats"});
    // "/stats" is drawn left to right (it showed as "stats/").
    await expect.poll(() => starter.evaluate(direction)).toBe("ltr");
    await starter.click();
    const role = page.locator("article.message.user .role");
    await expect(role.locator("bdi")).toHaveCount(2);
    // A project named in English is cut at its end, not its start.
    await page.getByRole("button", {name: "مشروع جديد"}).click();
    const named = "A rather long English project name for the boat trip";
    await page.getByRole("dialog").getByRole("textbox").first().fill(named);
    await page.getByRole("dialog").getByRole("button", {name: /إضافة/}).click();
    const name = page.locator(".project-name span", {hasText: named});
    await expect.poll(() => name.evaluate(direction)).toBe("ltr");
    await context.close();

    const german = await windowIn(browser, "de-DE");
    const buttons = german.page.locator(".sidebar > button, .sidebar > .import-button");
    await expect(buttons.first()).toBeVisible();
    const heights = await buttons.evaluateAll((all) => all.map((b) => b.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(40);
    await german.context.close();
});
