import { cpus, totalmem } from 'node:os'
import type { ResourceSampler } from '../cluster/resource-sampler.js'
import type { ModelManager } from '../runtime/model-manager.js'
import { modelRow } from '../runtime/model-row.js'
import type { BenchmarkModel, BenchmarkTarget } from './benchmarks.js'

/** The platform's own models, measured on this machine. */
export function platformTarget(models: ModelManager, sampler: ResourceSampler): BenchmarkTarget {
  return {
    model: async (uid) => {
      const model = models.find(uid)
      if (!model?.active || model.stage !== 'ready') return null
      const row = modelRow(model)
      const running: BenchmarkModel = {
        model_name: row.model_name,
        model_type: row.model_type,
        model_engine: row.model_engine,
        model_format: row.model_format,
        model_size_in_billions: row.model_size_in_billions,
        quantization: row.quantization,
        replica: row.replica,
        n_parallel: row.n_parallel,
        context_length: row.context_length,
      }
      return running
    },
    machine: async () => {
      const figures = sampler.current()
      return {
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model ?? '',
        memory_bytes: totalmem(),
        gpu_count: figures.gpu.count,
        vram_bytes: figures.gpu.vramTotal,
      }
    },
  }
}
