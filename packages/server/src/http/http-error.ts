/** An error a client caused or must know about; the error handler turns it into `{detail}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** The same, with what only an administrator may see (the server's folders), for one who may. */
    readonly adminDetail?: string,
  ) {
    super(detail)
    this.name = 'HttpError'
  }
}
