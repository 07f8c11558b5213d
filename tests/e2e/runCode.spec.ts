import fs from "node:fs";
import {expect, test} from "@playwright/test";
import {startConversation} from "../helpers/ask.js";
import {axeOn} from "../helpers/axe.js";
import {choose} from "../helpers/choose.js";
import {startServe, type Served} from "../helpers/serve.js";
import {sendWithPreflight} from "../helpers/ws.js";

// run_code in the window (issue 71): a Python program given as a forced call (the test model cannot write one)
// draws a PNG into the conversation's folder; the trace shows the program as code with its language and its
// output, folded; the image is shown with the answer.

let served: Served;
test.beforeEach(async () => {
    served = await startServe({contextSize: 4096});
});
test.afterEach(async () => served.stop());

// A PNG made with the standard library alone (Pyodide has no packages offline).
const PROGRAM = [
    "import struct, zlib",
    "w, h = 120, 60",
    "raw = b''.join(b'\\x00' + b'\\x25\\x63\\xeb' * w for _ in range(h))",
    "def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))",
    "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')",
    "open('chart.png', 'wb').write(png)",
    "print('drew', w, 'by', h)",
].join("\n");

test("a program's run: its code and output in the trace, the image it wrote shown with the answer", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const id = new URL(page.url()).searchParams.get("c")!;
    await sendWithPreflight(page, id, [{name: "run_code", args: {language: "python", code: PROGRAM}}], {
        toolChoice: "none",
    });
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete");
    const step = answer.locator('.trace .step[data-tool="run_code"]');
    await expect(step).toHaveAttribute("data-status", "ok");
    await step.locator("summary").click();
    await expect(step.getByText("Code (python)")).toBeVisible();
    await expect(step.locator(".args.code code")).toHaveText(PROGRAM);
    await expect(step.locator(".result pre")).toContainText("stdout:\ndrew 120 by 60");
    await expect(step.locator(".result pre")).toContainText(
        /files written: chart\.png \(\d+ bytes\); shown to the user: chart\.png/,
    );
    await expect(answer.getByRole("button", {name: /^Open chart\.png/})).toBeVisible();
    await expect(answer.getByRole("button", {name: "Download chart.png"})).toBeVisible();
    expect((await axeOn(page).include("article.message.assistant").analyze()).violations).toEqual([]);
    for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({colorScheme});
        await page.screenshot({path: testInfo.outputPath(`run-code-${colorScheme}.png`)});
    }
});

test("a drawing a program wrote opens beside the conversation with a Preview, named after its file", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await startConversation(page);
    await choose(page.getByRole("combobox", {name: "Mode", exact: true}), "Agent");
    const id = new URL(page.url()).searchParams.get("c")!;
    const code = [
        `files.write("charts/bars.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect id="bar" width="80" height="40" fill="#2563eb"/></svg>');`,
        'files.write("table.csv", "planet,moons\\nMars,2\\n");',
        '"drawn"',
    ].join("\n");
    await sendWithPreflight(page, id, [{name: "run_code", args: {language: "javascript", code}}], {
        toolChoice: "none",
    });
    const answer = page.locator("article.message.assistant").last();
    await expect(answer).toHaveAttribute("data-status", "complete");
    await answer.getByRole("button", {name: "Preview charts/bars.svg"}).click();
    const panel = page.getByRole("complementary", {name: "Preview: SVG drawing"});
    await expect(panel.getByRole("heading", {name: "charts/bars.svg"})).toBeVisible();
    const frame = page.frameLocator('iframe[title="SVG drawing, shown in a sandbox"]');
    await expect(frame.locator("rect#bar")).toHaveAttribute("width", "80");
    await page.screenshot({path: testInfo.outputPath("program-drawing.png")});
    const saving = page.waitForEvent("download");
    await panel.getByRole("button", {name: "Download"}).click();
    expect((await saving).suggestedFilename()).toBe("bars.svg");
    // Every file the run wrote is listed under it with its size, and saved as it is in the conversation's folder.
    const files = answer.getByRole("list", {name: "Files the program wrote"});
    await expect(files.getByRole("listitem")).toHaveCount(2);
    await expect(files.getByRole("listitem").nth(1)).toContainText("table.csv");
    const table = page.waitForEvent("download");
    await files.getByRole("button", {name: "Download table.csv"}).click();
    const saved = await table;
    expect(saved.suggestedFilename()).toBe("table.csv");
    expect(fs.readFileSync(await saved.path(), "utf8")).toBe("planet,moons\nMars,2\n");
});
