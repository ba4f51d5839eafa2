/**
 * Identity: who a person is and how they prove it. The built-in provider (./password.ts) keeps
 * argon2id password hashes in the users table; an OIDC provider can later implement the same
 * port with its own kind, and the auth routes pick the flow by `kind`.
 */
export interface IdentityUser {
  id: string
  email: string
  fullName: string
}

export interface SignUpInput {
  /** Already trimmed and lower-cased by the contract's email schema. */
  email: string
  password: string
  fullName: string
}

export interface SignInInput {
  email: string
  password: string
}

export interface PasswordIdentityProvider {
  readonly kind: 'password'
  /** Creates the user with a password. Throws ApiError 409 (fields.email) when the email is taken. */
  signUp(input: SignUpInput): Promise<IdentityUser>
  /** The user for a correct email and password; null for a wrong email or a wrong password alike. */
  signIn(input: SignInInput): Promise<IdentityUser | null>
  /**
   * Gives an account without a password (an invited email, see POST /members/invite) its
   * password and name: the /join flow for a new account.
   */
  setPassword(userId: string, password: string, fullName: string): Promise<void>
  /** Whether the password is the user's (the /join flow for an existing account, credential changes). */
  verifyPassword(userId: string, password: string): Promise<boolean>
  /** Replaces the password of an account that has one (PUT /user/update-password; the caller checked the old one). */
  changePassword(userId: string, password: string): Promise<void>
}

export type IdentityProvider = PasswordIdentityProvider
