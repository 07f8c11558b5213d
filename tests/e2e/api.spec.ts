import {expect, test} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.beforeEach(async () => {
    // --api-port 0: when Settings turns the API on, it takes any free port (not the default 11480).
    served = await startServe({extra: ["--api-port", "0"]});
});
test.afterEach(async () => served.stop());

const models = (url: string, key: string) =>
    fetch(`${url}/models`, {headers: {authorization: `Bearer ${key}`}});

test("Settings turns the local API on, shows its address and key, and a new key replaces the old", async ({
    page,
}) => {
    await page.goto(served.url);
    await page.getByRole("button", {name: "Settings"}).click();
    const settings = page.getByRole("dialog", {name: "Settings"});
    const toggle = settings.getByRole("switch", {name: /OpenAI-compatible API/});
    await expect(toggle).not.toBeChecked();
    await expect(settings.getByTestId("api-url")).toHaveCount(0);
    await toggle.check();
    const url = (await settings.getByTestId("api-url").textContent())!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const key = (await settings.getByTestId("api-key").textContent())!;
    expect((await models(url, key)).status).toBe(200);

    await settings.getByRole("button", {name: "Regenerate key"}).click();
    await settings.getByRole("button", {name: "Make a new key"}).click();
    await expect(settings.getByTestId("api-key")).not.toHaveText(key);
    const fresh = (await settings.getByTestId("api-key").textContent())!;
    expect((await models(url, key)).status).toBe(401);
    expect((await models(url, fresh)).status).toBe(200);

    await page.reload();
    await page.getByRole("button", {name: "Settings"}).click();
    await expect(page.getByRole("switch", {name: /OpenAI-compatible API/})).toBeChecked();
    await page.getByRole("switch", {name: /OpenAI-compatible API/}).uncheck();
    await expect(page.getByTestId("api-url")).toHaveCount(0);
    await expect
        .poll(() =>
            models(url, fresh).then(
                (r) => r.status,
                () => "closed",
            ),
        )
        .toBe("closed");
});
