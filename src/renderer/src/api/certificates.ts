import { useQuery } from '@tanstack/react-query'
import { endpoints } from '@shared/api/contract'
import { useCallApi } from './client'
import { certificateKeys } from './queryKeys'

/** Looks up a certificate once an id has been submitted. */
export function useCertificateValidation(certificateId: string | null) {
  const callApi = useCallApi()
  return useQuery({
    queryKey: certificateKeys.validation(certificateId ?? ''),
    queryFn: () => callApi(endpoints.validateCertification, { query: { certificateId: certificateId ?? '' } }),
    enabled: certificateId !== null,
    staleTime: Infinity
  })
}
