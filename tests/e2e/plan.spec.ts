import {expect, test, type Page} from "@playwright/test";
import {startServe, type Served} from "../helpers/serve.js";
import {choose} from "../helpers/choose.js";

let served: Served;
test.beforeEach(async () => {
    served = await startServe({extra: ["--max-tokens", "8"]});
});
test.afterEach(async () => served.stop());

async function proposePlan(page: Page) {
    await page.goto(served.url);
    await page.getByRole("button", {name: "New conversation", exact: true}).first().click();
    await expect(page).toHaveURL(/[?&]c=/);
    const mode = page.getByRole("combobox", {name: "Mode", exact: true});
    await choose(mode, "Plan");
    await expect(mode).toHaveText("Plan");
    await page.getByRole("textbox", {name: "Message"}).fill("How busy is this computer?");
    await page.getByRole("textbox", {name: "Message"}).press("Enter");
    const plan = page.getByRole("region", {name: "Plan"});
    await expect(plan).toHaveAttribute("data-state", "proposed");
    await expect(plan.getByRole("heading")).toHaveText("Proposed plan: read it, change it, then run it");
    // The plan can be edited once its turn is over: before that it shows without its Remove buttons, and a
    // loop removing them would find none (seen once in CI on a busy machine).
    await expect(plan.getByRole("combobox", {name: "Add a step"})).toBeVisible();
    return plan;
}

test("plan mode: a proposed plan is edited (removed, added, reordered, arguments checked), run, and shown again", async ({
    page,
}) => {
    const plan = await proposePlan(page);
    // Nothing has run: no trace yet.
    await expect(page.locator("article.message.assistant .trace")).toHaveCount(0);
    // The model's steps go; two chosen here come in, and the second moves up.
    const remove = plan.getByRole("button", {name: /^Remove step /});
    while ((await remove.count()) > 0) await remove.first().click();
    for (const tool of ["system_stats", "rag_search"]) {
        await plan.getByRole("combobox", {name: "Add a step"}).focus();
        await choose(plan.getByRole("combobox", {name: "Add a step"}), tool);
        await plan.getByRole("button", {name: "Add", exact: true}).click();
    }
    const labels = plan.locator(".plan-step .plan-label");
    await expect(labels).toHaveText(["Call system_stats", "Call rag_search", /./]);
    const second = plan.locator(".plan-step").nth(1);
    const id = (await second.getByRole("textbox").getAttribute("aria-label"))!.replace(
        "Arguments of step ",
        "",
    );
    await plan.getByRole("button", {name: `Move step ${id} up`}).click();
    await expect(labels).toHaveText(["Call rag_search", "Call system_stats", /./]);

    // Arguments that are not JSON are caught before running; the core checks them against the tool's schema.
    const args = plan.getByRole("textbox", {name: `Arguments of step ${id}`});
    await args.fill("{not json");
    await expect(plan.getByRole("list", {name: "Problems to fix before running"})).toContainText(
        `Step ${id}: the arguments are not JSON`,
    );
    await expect(plan.getByRole("button", {name: "Run plan"})).toBeDisabled();
    await args.fill('{"query": 5}');
    await plan.getByRole("button", {name: "Run plan"}).click();
    await expect(page.getByRole("alert")).toContainText(`step ${id} (Call rag_search): `);
    await expect(page.getByRole("alert")).toContainText("query");
    await expect(plan).toHaveAttribute("data-state", "proposed");
    await args.fill('{"query": "load"}');
    await plan.getByRole("button", {name: "Run plan"}).click();

    const answer = page.locator("article.message.assistant").first();
    await expect(answer).toHaveAttribute("data-status", "complete");
    await expect(plan).toHaveAttribute("data-state", "done");
    const check = async () => {
        await expect(plan.locator(".plan-step")).toHaveCount(3);
        await expect(plan.locator(".plan-step .plan-status")).toHaveText(["done", "done", "done"]);
        await expect(answer.locator(".trace:not(.inner) > .step")).toHaveCount(2);
        await expect(answer.locator(".trace .step").first()).toHaveAttribute("data-tool", "rag_search");
    };
    await check();
    await page.reload();
    await check();

    // Edited and run again: a new version of the answer.
    await plan.getByRole("button", {name: "Edit and run again"}).click();
    await plan
        .getByRole("button", {name: /^Remove step /})
        .first()
        .click();
    await plan.getByRole("button", {name: "Run again"}).click();
    await expect(page.locator("article.message.assistant .versions")).toContainText("2 / 2");
    await expect(page.getByRole("region", {name: "Plan"}).locator(".plan-step")).toHaveCount(2);
    await expect(page.getByRole("region", {name: "Plan"})).toHaveAttribute("data-state", "done");
});

test("a proposed plan can be set aside; nothing of it runs", async ({page}) => {
    const plan = await proposePlan(page);
    await plan.getByRole("button", {name: "Cancel plan"}).click();
    await expect(plan).toHaveAttribute("data-state", "cancelled");
    await expect(plan.getByRole("heading")).toHaveText("Plan set aside");
    await expect(page.locator("article.message.assistant .trace")).toHaveCount(0);
});
