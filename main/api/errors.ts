/** An error in OpenAI's shape: `{"error": {"message", "type", "param", "code"}}` with its HTTP status. */
export class ApiError extends Error {
    constructor(
        readonly status: number,
        message: string,
        readonly type: string = "invalid_request_error",
        readonly param: string | null = null,
        readonly code: string | null = null,
        readonly headers: Record<string, string> = {},
    ) {
        super(message);
    }

    body(): object {
        return {error: {message: this.message, type: this.type, param: this.param, code: this.code}};
    }
}

export const invalid = (message: string, param: string | null = null, code: string | null = null) =>
    new ApiError(400, message, "invalid_request_error", param, code);
