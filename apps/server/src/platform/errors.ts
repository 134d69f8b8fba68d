/** The one error family of the API; the error handler turns it into RFC 7807 problem JSON. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError("bad_request", 400, message, errors);
export const unauthorized = (message = "Sign in to continue.") => new AppError("unauthorized", 401, message);
export const forbidden = (message = "You do not have permission to do this.") =>
  new AppError("forbidden", 403, message);
export const notFound = (what = "The requested item") =>
  new AppError("not_found", 404, `${what} was not found.`);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new AppError("conflict", 409, message, errors);
export const tooManyRequests = (message: string) => new AppError("too_many_requests", 429, message);

export function fieldError(field: string, message: string, status = 400): AppError {
  return new AppError(status === 409 ? "conflict" : "bad_request", status, message, { [field]: [message] });
}
