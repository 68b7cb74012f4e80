export { AiSdkProvider, type AiSdkProviderOptions } from './ai-sdk-provider.js';
export * from './classify-llm-error.js';
export {
  createLanguageModelProvider,
  type ProviderOptions,
  type ProviderProbeResult,
  probeProvider,
} from './create-provider.js';
export {
  ChainMember,
  type CooldownPolicy,
  DEFAULT_COOLDOWN,
  FailoverProvider,
  type MemberHealth,
  type MemberState,
  SHARED_HEALTH_SYNC_MS,
  type SharedHealthStore,
} from './failover-provider.js';
export * from './language-model-provider.js';
export * from './llm-config.js';
export * from './llm-error.js';
export { buildOfflineOutline, deriveKeywords } from './offline/offline-outline.js';
export { OfflineWriterProvider } from './offline/offline-provider.js';
export { currentRefusalRouting, RefusalRouting, withRefusalRouting } from './refusal-routing.js';
export * from './retry.js';
export * from './task-blueprints.js';
export * from './writing-intent.js';
