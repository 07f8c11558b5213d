import type {ApprovalDecision, ApprovalRequest} from "../../shared/contract.js";
import {fail, ok, type Result, type Words} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import {abortReason} from "../jobs.js";
import {inEnglish} from "../words.js";

/** message: why a deny was given, when not by a person (the local API's refusal, an approval that expired). */
export type Answer = {
    decision: ApprovalDecision;
    args?: unknown;
    by: "user" | "cli" | "expiry";
    message?: string;
    words?: Words;
};

/**
 * Whether a prompt expires (denied, with why in words) and the timer that says when; null: it waits for an
 * answer as long as it takes.
 */
export type Expiry = (
    request: ApprovalRequest,
) => {words: Words; after(fire: () => void): {clear(): void}} | null;

/** Who answers approval prompts: the person in the UI, or a fixed answer (CLI --approve). */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<Answer>;

/** Pending approval prompts, answered by the `tools.decide` call. */
export class ApprovalBroker {
    private readonly pending = new Map<string, {request: ApprovalRequest; resolve: (a: Answer) => void}>();
    private expiry: Expiry = () => null;

    constructor(private readonly bus: EventBus) {}

    /** Some prompts expire (an automation run's, after the minutes it sets): denied, with why. */
    expireWith(expiry: Expiry): void {
        this.expiry = expiry;
    }

    readonly ask: Approver = (request, signal) =>
        new Promise<Answer>((resolve, reject) => {
            const expires = this.expiry(request);
            const timer = expires?.after(() => {
                const {words} = expires;
                const answer: Answer = {decision: "deny", by: "expiry", message: inEnglish(words), words};
                this.pending.get(request.approvalId)?.resolve(answer);
            });
            const settle = () => {
                timer?.clear();
                this.pending.delete(request.approvalId);
                this.bus.emit({type: "tool.approvalSettled", approvalId: request.approvalId});
            };
            const onAbort = () => {
                settle();
                reject(abortReason(signal));
            };
            this.pending.set(request.approvalId, {
                request,
                resolve: (answer) => {
                    signal.removeEventListener("abort", onAbort);
                    settle();
                    resolve(answer);
                },
            });
            signal.addEventListener("abort", onAbort, {once: true});
            this.bus.emit({type: "tool.approvalRequested", request});
        });

    decide(approvalId: string, decision: ApprovalDecision, args?: unknown): Result<void> {
        const entry = this.pending.get(approvalId);
        if (!entry)
            return fail(
                "NOT_FOUND",
                `no approval is waiting with id ${approvalId}; it may have been answered or cancelled`,
            );
        entry.resolve({decision, args, by: "user"});
        return ok(undefined);
    }

    list(): ApprovalRequest[] {
        return [...this.pending.values()].map((p) => p.request);
    }
}

/** The CLI's non-interactive answer: allow once, or deny. */
export function fixedApprover(allow: boolean): Approver {
    return () => Promise.resolve({decision: allow ? "allow_once" : "deny", by: "cli"});
}
