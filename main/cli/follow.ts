import type {AppEvent, CairnApi} from "../../shared/contract.js";

/**
 * Follows a job's progress events (a download, an ingest job) by id: each id's latest event is kept, since
 * one may arrive before the start call has returned the id; each is reported, and the final one resolves.
 */
export function follow<P>(
    api: CairnApi,
    progressOf: (event: AppEvent) => P | null,
    idOf: (progress: P) => string,
    isFinal: (progress: P) => boolean,
    report: (progress: P) => void,
): (id: string) => Promise<P> {
    const latest = new Map<string, P>();
    let check = () => {};
    api.onEvent((event) => {
        const progress = progressOf(event);
        if (progress === null) return;
        latest.set(idOf(progress), progress);
        check();
    });
    return (id) =>
        new Promise((resolve) => {
            check = () => {
                const progress = latest.get(id);
                if (!progress) return;
                report(progress);
                if (isFinal(progress)) resolve(progress);
            };
            check();
        });
}
