import type { Context } from 'koa';

export type FieldErrors = Record<string, string[]>;

/** An expected failure of a contract route: answered with its status as {message, errors}. */
export class ContractError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** More of the answer beside {message, errors} (a conflict's stored version). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A 400 with every field's messages (the first one as the message), if any field has one. */
export function refuseInvalid(errors: FieldErrors): void {
  const firstError = Object.values(errors)[0]?.[0];
  if (firstError) throw new ContractError(400, firstError, errors);
}

export const reply = (ctx: Context, status: number, body: object) => {
  ctx.status = status;
  ctx.body = body;
};

export const replyWithError = (ctx: Context, error: ContractError) =>
  reply(ctx, error.status, { message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.details });
