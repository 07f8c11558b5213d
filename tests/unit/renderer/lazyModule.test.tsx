import assert from "node:assert/strict";
import {test} from "node:test";
import {parseHTML} from "linkedom";

// React DOM renders into linkedom's document; the module is imported after the globals exist.
const {window, document} = parseHTML("<!doctype html><html><body><div id=root></div></body></html>");
Object.assign(globalThis, {window, document, navigator: {userAgent: "node"}, IS_REACT_ACT_ENVIRONMENT: true});
const {act} = await import("react");
const {createRoot} = await import("react-dom/client");
const {lazyModule, useLazyModule} = await import("../../../renderer/src/ui/lazyModule.js");

test("a lazy module loads once for every caller, tells its subscribers, and may be tried again after a failure", async () => {
    let imports = 0;
    let fail = true;
    const module = lazyModule(async () => {
        imports++;
        if (fail) throw new Error("chunk did not arrive");
        return {name: "rich"};
    });
    await assert.rejects(module.load(), /chunk did not arrive/);
    assert.equal(module.current(), null);
    fail = false;
    let told = 0;
    const unsubscribe = module.subscribe(() => told++);
    const [first, second] = await Promise.all([module.load(), module.load()]);
    assert.equal(first, second);
    assert.deepEqual(module.current(), {name: "rich"});
    assert.equal(imports, 2, "one failed import, then one shared by both callers");
    assert.equal(told, 1);
    unsubscribe();
    await module.load();
    assert.equal(imports, 2, "a loaded module is not imported again");
});

test("an answer rendered while the module was loading shows it even when the load ends before its effect runs", async () => {
    // The race that left a CI run's code unhighlighted: the load ended between this component's
    // render and its effect, so the effect saw the module loaded and never re-rendered.
    let value: string | null = null;
    const store = {
        current: () => value,
        load: () => new Promise<string>(() => {}),
        subscribe: () => () => {},
    };
    function Answer() {
        const loaded = useLazyModule(store, true);
        value = "highlighted";
        return <p>{loaded ?? "plain"}</p>;
    }
    const host = document.getElementById("root")!;
    const root = createRoot(host);
    await act(async () => root.render(<Answer />));
    assert.equal(host.textContent, "highlighted");
    await act(async () => root.unmount());
});
