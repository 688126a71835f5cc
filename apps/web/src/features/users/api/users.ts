import {
  ImportResponseSchema,
  MetaAppsResponseSchema,
  MetaOrgsResponseSchema,
  MetaRolesResponseSchema,
  UserDetailsResponseSchema,
  UserListResponseSchema,
  UserSavedResponseSchema,
  type USER_SORTS,
  type USER_STATUS_FILTERS,
  type UserInput,
} from '@platform/contracts/users'
import { SignedOutResponseSchema } from '@platform/contracts/account'
import { SiteListResponseSchema } from '@platform/contracts/finance'
import { SuccessSchema } from '@platform/contracts/errors'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'

/** The query of GET /api/userlist as the screen builds it. */
export interface UserListParams {
  search?: string
  roleId?: number
  orgId?: number
  status: (typeof USER_STATUS_FILTERS)[number]
  sort: (typeof USER_SORTS)[number]
  limit: number
  offset: number
}

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListParams) => ['users', 'list', query] as const,
  details: (userId: number) => ['users', 'details', userId] as const,
  orgs: ['users', 'meta', 'orgs'] as const,
  roles: ['users', 'meta', 'roles'] as const,
  apps: ['users', 'meta', 'apps'] as const,
}

const MessageSchema = SuccessSchema

/** GET /api/userlist (search, filters, sort and paging all on the server). */
export const userListQueryOptions = (query: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/userlist', UserListResponseSchema, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })
export const useUserList = (query: UserListParams) => useQuery(userListQueryOptions(query))

/** GET /api/metaorgs */
export const useOrganizations = () =>
  useQuery({
    queryKey: userKeys.orgs,
    queryFn: ({ signal }) => api.get('/api/metaorgs', MetaOrgsResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  })

/** GET /api/metaroles */
export const useRoles = () =>
  useQuery({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => api.get('/api/metaroles', MetaRolesResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 5 * 60_000,
  })

/** GET /api/finance/sites: the sites a duty can be granted at. */
export const useDutySites = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'meta', 'sites'] as const,
    queryFn: ({ signal }) => api.get('/api/finance/sites', SiteListResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
    enabled,
  })

/** GET /api/metaapps */
export const useMetaApplications = (enabled = true) =>
  useQuery({
    queryKey: userKeys.apps,
    queryFn: ({ signal }) => api.get('/api/metaapps', MetaAppsResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
    enabled,
  })

/** GET /api/userdetails?userId= (the user's application grants, for the edit form). */
export const useUserDetails = (userId: number | null) =>
  useQuery({
    queryKey: userKeys.details(userId ?? 0),
    queryFn: ({ signal }) => api.get('/api/userdetails', UserDetailsResponseSchema, { query: { userId }, signal }),
    enabled: userId !== null,
    staleTime: 0,
  })

/** After a change to users or grants: lists, details and the signed-in person's own menu are refreshed. */
function useAfterUserChange() {
  const queryClient = useQueryClient()
  const { refreshProfile } = useAuth()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.all })
    // The dashboard's figures count users; its cache is keyed by the literal name.
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    void refreshProfile()
  }
}

export type SaveUserVariables = { userId: number | null; input: UserInput }

/** POST /api/createuser (userId null) or PUT /api/updateuser?userId= */
export function useSaveUser() {
  const afterChange = useAfterUserChange()
  return useMutation({
    mutationFn: ({ userId, input }: SaveUserVariables) =>
      userId === null
        ? api.post('/api/createuser', UserSavedResponseSchema, input)
        : api.put('/api/updateuser', UserSavedResponseSchema, input, { query: { userId } }),
    onSuccess: afterChange,
  })
}

/** POST /api/resendinvite?userId= */
export function useResendInvitation() {
  const afterChange = useAfterUserChange()
  return useMutation({
    mutationFn: (userId: number) => api.post('/api/resendinvite', MessageSchema, {}, { query: { userId } }),
    onSuccess: afterChange,
  })
}

/** DELETE /api/deleteuser?userId= (deactivation: a soft delete). */
export function useDeactivateUser() {
  const afterChange = useAfterUserChange()
  return useMutation({
    mutationFn: (userId: number) => api.delete('/api/deleteuser', MessageSchema, { query: { userId } }),
    onSuccess: afterChange,
  })
}

/**
 * POST /api/users/{userId}/sign-out-everywhere: ends every session of the user (administrators only; an ADMIN
 * cannot do it to a SUPER_ADMIN, the server refuses with its reason).
 */
export function useSignOutUserEverywhere() {
  return useMutation({
    mutationFn: (userId: number) => api.post(`/api/users/${userId}/sign-out-everywhere`, SignedOutResponseSchema),
  })
}

/** POST /api/users/import/preview with the CSV file as the body: what would happen, row by row. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: Blob) =>
      api.post('/api/users/import/preview', ImportResponseSchema, undefined, { rawBody: file, contentType: 'text/csv' }),
  })
}

/** POST /api/users/import/apply?sendInvitations= with the same file: each row's outcome. */
export function useApplyImport() {
  const afterChange = useAfterUserChange()
  return useMutation({
    mutationFn: ({ file, sendInvitations }: { file: Blob; sendInvitations: boolean }) =>
      api.post('/api/users/import/apply', ImportResponseSchema, undefined, {
        rawBody: file,
        contentType: 'text/csv',
        query: { sendInvitations },
      }),
    onSuccess: afterChange,
  })
}
