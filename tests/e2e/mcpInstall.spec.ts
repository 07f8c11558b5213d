import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {expect, test, type Page} from "@playwright/test";
import {packedBundle} from "../helpers/bundle.js";
import {shootLightAndDark} from "../helpers/screens.js";
import {startServe, type Served} from "../helpers/serve.js";

// Adding MCP servers from Settings without a terminal: a bundle (.mcpb) dropped on the MCP section, its settings
// asked for in a form; and the official registry searched (a loopback registry here), a server's settings asked
// before it is added.
let served: Served;
let registry: http.Server;
test.beforeEach(async () => {
    registry = http.createServer((_req, res) => {
        res.writeHead(200, {"content-type": "application/json"}).end(JSON.stringify({servers: REGISTRY}));
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const port = (registry.address() as AddressInfo).port;
    served = await startServe({model: null, env: {CAIRN_MCP_REGISTRY: `http://127.0.0.1:${port}`}});
});
test.afterEach(async () => {
    await served.stop();
    registry.close();
});

const REGISTRY = [
    {
        server: {
            name: "io.github.example/weather",
            version: "1.2.0",
            description: "Forecasts for a city.",
            packages: [
                {
                    registryType: "npm",
                    identifier: "@example/weather-mcp",
                    version: "1.2.0",
                    environmentVariables: [
                        {name: "WEATHER_KEY", description: "Your API key", isRequired: true, isSecret: true},
                    ],
                },
            ],
        },
    },
    {
        server: {
            name: "com.example/maps",
            version: "2.0.0",
            description: "Maps.",
            remotes: [{type: "streamable-http", url: "https://maps.example.com/mcp"}],
        },
    },
];

/** Drops a file on an element as a person drags it from their files: its bytes, no path. */
async function dropFile(page: Page, selector: string, file: string): Promise<void> {
    const data = await page.evaluateHandle(
        ({base64, name}) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], name));
            return transfer;
        },
        {base64: fs.readFileSync(file).toString("base64"), name: path.basename(file)},
    );
    await page.dispatchEvent(selector, "drop", {dataTransfer: data});
}

test("a bundle dropped on Settings' MCP section asks for its settings, and installs as a ready server with its tool", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    await dropFile(page, 'section[aria-labelledby="mcp-heading"]', await packedBundle());
    const form = settings.getByRole("form", {name: "Install greeter 1.0.0"});
    await expect(form).toContainText(
        /Greets people, with the greeting the user chose \(a test bundle\)\.by Cairn tests/,
    );
    // The form takes the person there.
    await expect(form.getByRole("heading", {name: "Install greeter 1.0.0"})).toBeFocused();
    const greeting = form.getByRole("textbox", {name: "Greeting (required)"});
    await expect(greeting).toHaveAccessibleDescription("The word to greet with");
    await shootLightAndDark(page, testInfo, "mcp-bundle", () => form.scrollIntoViewIfNeeded());
    // A required setting left empty: the form is not sent.
    await form.getByRole("button", {name: "Install"}).click();
    await expect(form).toBeVisible();
    expect(await greeting.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await greeting.fill("Hej");
    await form.getByRole("button", {name: "Install"}).click();
    await expect(settings.getByRole("status").filter({hasText: "Installed greeter 1.0.0."})).toBeVisible();
    const row = settings.locator('.mcp-server[data-server="greeter"]');
    await expect(row.locator(".mcp-state")).toHaveText("starts when first needed");
    await settings.getByRole("button", {name: "Restart greeter"}).click();
    await expect(row.locator(".mcp-state")).toHaveText("ready · 1 tool");
    const saved = JSON.parse(fs.readFileSync(path.join(served.dataDir, "mcp.json"), "utf8")) as {
        mcpServers: {greeter: {env: Record<string, string>}};
    };
    expect(saved.mcpServers.greeter.env).toEqual({GREETING: "Hej"});
});

test("the MCP registry searched from Settings: a server's secret setting is asked before it is added, beside a server of the same name; a bad bundle is refused in words", async ({
    page,
}, testInfo) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    // A server of the person's own already named "weather", with its own key: the registry's is added beside it.
    const mine = {command: "my-weather", args: ["--city", "Oslo"], env: {WEATHER_KEY: "my-own-key"}};
    await settings
        .getByRole("textbox", {name: /Add servers: paste/})
        .fill(JSON.stringify({mcpServers: {weather: mine}}));
    await settings.getByRole("button", {name: "Add servers"}).click();
    await expect(settings.locator('.mcp-server[data-server="weather"]')).toBeVisible();
    await settings.getByText("Find servers in the MCP registry").click();
    await settings.getByRole("searchbox", {name: "Search the official MCP registry"}).fill("weather");
    await settings.getByRole("button", {name: "Search", exact: true}).click();
    const found = settings.getByRole("list", {name: "Servers found"});
    await expect(found.getByRole("listitem")).toHaveCount(2);
    await found.getByRole("button", {name: "Add io.github.example/weather"}).click();
    const form = found.getByRole("form", {name: "Settings of weather"});
    const key = form.getByLabel("WEATHER_KEY (required)");
    await expect(key).toHaveAttribute("type", "password");
    await key.fill("secret-key");
    await shootLightAndDark(page, testInfo, "mcp-registry", () => form.scrollIntoViewIfNeeded());
    await form.getByRole("button", {name: "Add"}).click();
    await expect(found.getByRole("status")).toHaveText("Added as weather-2.");
    await expect(settings.locator('.mcp-server[data-server="weather-2"] .mcp-target')).toContainText("npx");
    await expect(settings.locator('.mcp-server[data-server="weather"] .mcp-target')).toContainText(
        "my-weather",
    );
    const saved = JSON.parse(fs.readFileSync(path.join(served.dataDir, "mcp.json"), "utf8")) as {
        mcpServers: Record<string, unknown>;
    };
    expect(saved.mcpServers).toEqual({
        weather: mine,
        "weather-2": {
            command: "npx",
            args: ["-y", "@example/weather-mcp@1.2.0"],
            env: {WEATHER_KEY: "secret-key"},
        },
    });
    // A file that is no bundle, picked with the bundle button: refused in words, nothing added.
    await settings.getByLabel("Install an MCP bundle (.mcpb file)").setInputFiles({
        name: "broken.mcpb",
        mimeType: "application/octet-stream",
        buffer: Buffer.from("not a zip"),
    });
    await expect(settings.getByRole("alert")).toContainText("broken.mcpb");
    await expect(settings.locator(".mcp-server")).toHaveCount(2);
});
