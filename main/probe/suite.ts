// The tool-use suite: ≥120 cases in BFCL's categories and Cairn's own, each asked three ways. A case offers
// its tools, asks one of its phrasings, and checks each step's calls (score.ts). Written for this project;
// BFCL's published scores are cited in docs/models.md, never copied here. The cases of each category are in
// cases/, written with caseParts.ts.
import {CATEGORIES, type ProbeCase, type ProbeCategory} from "./caseParts.js";
import {cairn} from "./cases/cairn.js";
import {irrelevance} from "./cases/irrelevance.js";
import {missing} from "./cases/missing.js";
import {multiple} from "./cases/multiple.js";
import {multiTurn} from "./cases/multiTurn.js";
import {parallel} from "./cases/parallel.js";
import {simple} from "./cases/simple.js";
import {types} from "./cases/argumentTypes.js";

export {CATEGORIES, type ProbeCase, type ProbeCategory, type ProbeStep} from "./caseParts.js";

/** The whole suite, in category order. */
export const SUITE: readonly ProbeCase[] = [
    ...simple,
    ...multiple,
    ...parallel,
    ...irrelevance,
    ...missing,
    ...types,
    ...multiTurn,
    ...cairn,
];

/** The cases of each category a first look asks (`--quick`), spread across the category: 30 in all. */
const QUICK_PER_CATEGORY: Record<ProbeCategory, number> = {
    simple: 4,
    multiple: 4,
    parallel: 4,
    irrelevance: 4,
    missing: 4,
    types: 4,
    multiTurn: 3,
    cairn: 3,
};

/** The cases a run asks: all of them, or the quick look's. */
export function casesFor(quick: boolean): ProbeCase[] {
    if (!quick) return [...SUITE];
    return CATEGORIES.flatMap((category) => {
        const all = SUITE.filter((c) => c.category === category);
        const count = QUICK_PER_CATEGORY[category];
        return Array.from({length: count}, (_, i) => all[Math.floor((i * all.length) / count)]!);
    });
}
