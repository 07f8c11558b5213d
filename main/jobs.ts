/** What the registry needs of a job: the controller that stops it and the promise that settles when it ends. */
export type Job = {controller: AbortController; done: Promise<void>};

/**
 * Running work by id (answers, downloads, ingest jobs): cancel one, wait for one, stop all at exit.
 * Each owner keeps its own job type and decides how long a finished job stays listed.
 */
export class JobRegistry<J extends Job> {
    private readonly jobs = new Map<string, J>();

    add(id: string, job: J): J {
        this.jobs.set(id, job);
        return job;
    }

    get(id: string): J | undefined {
        return this.jobs.get(id);
    }

    has(id: string): boolean {
        return this.jobs.has(id);
    }

    list(): J[] {
        return [...this.jobs.values()];
    }

    /** The ids of the jobs running now. */
    ids(): string[] {
        return [...this.jobs.keys()];
    }

    /** Forgets the job under `id` if it is still `job` (a newer job under the same id stays). */
    remove(id: string, job: J): void {
        if (this.jobs.get(id) === job) this.jobs.delete(id);
    }

    /** Aborts the job when `running` says it still runs; false when there is none to stop. */
    cancel(id: string, reason: Error, running: (job: J) => boolean = () => true): boolean {
        const job = this.jobs.get(id);
        if (!job || !running(job)) return false;
        job.controller.abort(reason);
        return true;
    }

    /** The job once it has ended, or undefined when there is none under `id`. */
    async settled(id: string): Promise<J | undefined> {
        const job = this.jobs.get(id);
        await job?.done;
        return job;
    }

    async cancelAll(reason: Error): Promise<void> {
        const jobs = this.list();
        for (const job of jobs) job.controller.abort(reason);
        await Promise.all(jobs.map((j) => j.done));
    }
}

/** Why a signal aborted, as an Error: the reason it was given when that is one (Cairn's are), else in words. */
export function abortReason(signal: AbortSignal): Error {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason : new Error(`aborted: ${String(reason)}`);
}
