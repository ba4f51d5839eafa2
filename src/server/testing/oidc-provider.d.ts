/**
 * The little of oidc-provider (a devDependency without type declarations) the tests' identity
 * provider uses (testing/identityProvider.ts).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  interface ProviderContext {
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId?: string }
    }
  }

  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }

  interface Configuration {
    clients?: Record<string, unknown>[]
    findAccount?(ctx: ProviderContext, id: string): Promise<Account | undefined>
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    loadExistingGrant?(ctx: ProviderContext): Promise<Grant | undefined>
    features?: Record<string, { enabled: boolean }>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    Grant: new (init: { clientId: string; accountId: string }) => Grant
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
