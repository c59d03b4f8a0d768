import { closeSync, mkdirSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { HttpError } from '../../http/http-error.js'

/** Whether `path` is `root` itself or lies below it (both already resolved). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

const realPath = (path: string): string | null => {
  try {
    return realpathSync.native(path)
  } catch {
    return null
  }
}

/** The real path of the deepest folder of `path`, as written (links followed), that exists. */
function deepestExisting(path: string): string {
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const real = realPath(folder)
    if (real !== null || folder === dirname(folder)) return real ?? folder
  }
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
    return [...this.roots, ...this.roots.flatMap((root) => realPath(root) ?? [])]
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
   * A `model_uri` (a path, or a `file://` URI of one) → the real path of an existing file or folder in a root. The
   * answer never tells what exists outside the roots: a path outside them as written is refused before the file
   * system is asked; one that leads out through a link is refused alike, whether its end exists or not (a missing
   * path is judged by where its deepest existing folder really is). Only an administrator is told the roots.
   */
  resolve(uri: string, field = 'model_uri'): string {
    const path = uri.startsWith('file://') ? uri.slice('file://'.length) : uri
    if (!isAbsolute(path))
      throw new HttpError(400, `${field} must be an absolute path, got ${JSON.stringify(uri)}`)
    const roots = this.allRoots()
    const inRoots = (real: string) => roots.some((root) => isInside(root, real))
    if (!inRoots(resolve(path))) throw this.outside(field, uri)
    const real = realPath(path)
    if (real !== null) {
      if (!inRoots(real)) throw this.outside(field, uri)
      return real
    }
    if (!inRoots(deepestExisting(path))) throw this.outside(field, uri)
    throw new HttpError(400, `${field} ${JSON.stringify(uri)} does not exist on this machine`)
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
