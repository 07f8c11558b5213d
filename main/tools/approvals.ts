import type {ApprovalDecision, ApprovalRequest} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import {abortReason} from "../jobs.js";

/** message: why a deny was given, when not by a person (the local API's refusal). */
export type Answer = {decision: ApprovalDecision; args?: unknown; by: "user" | "cli"; message?: string};

/** Who answers approval prompts: the person in the UI, or a fixed answer (CLI --approve). */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<Answer>;

/** Pending approval prompts, answered by the `tools.decide` call. */
export class ApprovalBroker {
    private readonly pending = new Map<string, {request: ApprovalRequest; resolve: (a: Answer) => void}>();

    constructor(private readonly bus: EventBus) {}

    readonly ask: Approver = (request, signal) =>
        new Promise<Answer>((resolve, reject) => {
            const settle = () => {
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
