import type {ApprovalDecision, ApprovalRequest, McpAnswerAction, McpAsk} from "../../../shared/contract.js";
import {McpAskDialog} from "./McpAskDialog.js";
import {ApprovalDialog} from "./ApprovalDialog.js";

type Props = {
    /** The first tool call waiting for the person's approval, if any. */
    approval: ApprovalRequest | undefined;
    /** The first question an MCP server asks, if any. */
    ask: McpAsk | undefined;
    actions: {
        decide: (
            approvalId: string,
            decision: ApprovalDecision,
            args?: Record<string, unknown>,
        ) => Promise<boolean>;
        answerAsk: (
            askId: string,
            action: McpAnswerAction,
            content?: Record<string, string | number | boolean>,
        ) => Promise<void>;
    };
};

/** What waits for the person, one at a time: a tool's approval first, then an MCP server's question. */
export function PendingQuestions({approval, ask, actions}: Props) {
    if (approval)
        return (
            <ApprovalDialog
                key={approval.approvalId}
                request={approval}
                onDecide={(decision, args) => void actions.decide(approval.approvalId, decision, args)}
            />
        );
    if (ask)
        return (
            <McpAskDialog
                key={ask.askId}
                ask={ask}
                onAnswer={(action, content) => void actions.answerAsk(ask.askId, action, content)}
            />
        );
    return null;
}
