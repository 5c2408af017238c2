// A .wasm file imported in workerd is a compiled module (vitest-pool-workers' CompiledWasm rule).
// A script of its own: in a file with imports this would augment, not declare, the module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
