import { closeSync, mkdirSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import { HttpError } from '../http-error.js'

/** Whether `path` is `root` itself or lies below it (both already resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/**
 * The folders custom models may be loaded from (`--model-dirs`). A path from a registration is followed through
 * every link (realpath) and must end inside one of them, so a registration can neither read nor probe any other
 * file of the machine. Refusals name the path the user gave, never anything read from a file.
 */
export class ModelDirs {
  constructor(readonly roots: readonly string[]) {}

  /** Creates the first folder (the data dir's `models/` by default) so there is a place to put models. */
  ensureFirst(): void {
    if (this.roots[0]) mkdirSync(this.roots[0], { recursive: true })
  }

  /** The roots as given and as they really are (a root may itself be a link: `~` → `/data/home`). */
  private allRoots(): string[] {
    return [
      ...this.roots,
      ...this.roots.flatMap((root) => {
        try {
          return [realpathSync.native(root)]
        } catch {
          return []
        }
      }),
    ]
  }

  private outside(field: string, uri: string): HttpError {
    const detail = `${field} ${JSON.stringify(uri)} is outside the model folders; put the model in one of them`
    return new HttpError(
      400,
      `${detail} (the server's administrator can see and set them)`,
      {},
      `${detail} (${this.roots.join(', ')}) or start the server with --model-dirs`,
    )
  }

  /**
   * A `model_uri` (a path, or a `file://` URI of one) → the real path of an existing file or folder in a root. A
   * path outside every root is refused before the file system is asked, so the answer is the same whether it
   * exists or not: no request can learn what exists elsewhere on the machine. Only an administrator is told which
   * folders the roots are.
   */
  resolve(uri: string, field = 'model_uri'): string {
    const path = uri.startsWith('file://') ? uri.slice('file://'.length) : uri
    if (!isAbsolute(path))
      throw new HttpError(400, `${field} must be an absolute path, got ${JSON.stringify(uri)}`)
    const roots = this.allRoots()
    if (!roots.some((root) => isInside(root, resolve(path)))) throw this.outside(field, uri)
    let real: string
    try {
      real = realpathSync.native(path)
    } catch {
      throw new HttpError(400, `${field} ${JSON.stringify(uri)} does not exist on this machine`)
    }
    // A link inside a root that leads out of every root.
    if (!roots.some((root) => isInside(root, real))) throw this.outside(field, uri)
    return real
  }

  /** The GGUF file a spec names: `model_uri` is the file, or the folder holding `fileName`. */
  ggufFile(uri: string, fileName: string | null, field = 'model_uri'): string {
    let path = this.resolve(uri, field)
    if (statSync(path).isDirectory()) {
      if (!fileName)
        throw new HttpError(400, `${field} ${JSON.stringify(uri)} is a folder and no file name is given`)
      path = this.resolve(`${path}/${fileName}`, field)
    }
    if (!statSync(path).isFile()) throw new HttpError(400, `${field} ${JSON.stringify(uri)} is not a file`)
    assertGguf(path)
    return path
  }
}

/** Reads the four magic bytes only: what the file holds is never echoed back. */
export function assertGguf(path: string): void {
  const magic = Buffer.alloc(4)
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    readSync(fd, magic, 0, 4, 0)
  } catch {
    throw new HttpError(400, `${basename(path)} cannot be read`)
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
  if (magic.toString('latin1') !== 'GGUF') throw new HttpError(400, `${basename(path)} is not a GGUF file`)
}
