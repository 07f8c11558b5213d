import {Worker, type WorkerOptions} from "node:worker_threads";

/**
 * A worker from the module `name` beside `here` (a module's import.meta.url): the bundled .js in out/main
 * and out/electron, or the .ts source under tsx (the tests), where the worker registers tsx itself, as
 * Node 20 does not pass --import to workers.
 */
export function startWorker(here: string, name: string, options: WorkerOptions = {}): Worker {
    if (!here.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, here), options);
    const tsx = import.meta.resolve("tsx/esm/api");
    const entry = new URL(`./${name}.ts`, here).href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, {...options, eval: true});
}
