import type { EngineGpu } from './protocol.js'

/**
 * Which engine binary this server's workers load, by what a launch asks (a GPU where there is one, or the CPU).
 * Before loading a prebuilt binary, node-llama-cpp tests it in a child process, in case it cannot load on this
 * machine (a fork of Node and a load of the binary: ~0.6 s of each worker's start on the bench machine). Once a
 * worker has loaded one, the next worker asking the same goes straight to that binary without the test
 * (`NODE_LLAMA_CPP_SKIP_BINARY_TEST`, patches/; docs/platform.md, "Launches"). A worker whose binary had fallen
 * back (a GPU binary that did not load, then the CPU's) passes its choice on, so no later one tries the failing one.
 */
export class EngineBinaries {
  private readonly loaded = new Map<boolean, EngineGpu>()

  /** The `gpu` option a worker starts with, and whether its binary was loaded before here. */
  forWorker(useGpu: boolean): { gpu: EngineGpu | 'auto'; binaryLoaded: boolean } {
    const known = this.loaded.get(useGpu)
    if (known === undefined) return { gpu: useGpu ? 'auto' : false, binaryLoaded: false }
    return { gpu: known, binaryLoaded: true }
  }

  /** A worker started with `useGpu` loaded the binary for `gpu`. */
  remember(useGpu: boolean, gpu: EngineGpu): void {
    this.loaded.set(useGpu, gpu)
  }
}
