// GET /user/info through SWR, mirrored into the valtio user store.
import type { UserInfo } from '@aipay/contracts';
import { useEffect } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { swrFetcher } from '../../request/api';
import { storeUserInfo, userState } from '../states/userState';

export const USER_INFO_KEY = '/user/info';

export function useUserInfo() {
  const { isLoggedIn } = useSnapshot(userState);
  const result = useSWR<UserInfo>(isLoggedIn ? USER_INFO_KEY : null, swrFetcher, {
    revalidateOnFocus: false,
    onSuccess: (info) => {
      storeUserInfo(info);
      userState.getUserInfoStatus = 'success';
    },
    onError: () => {
      userState.getUserInfoStatus = 'failed';
    },
  });
  useEffect(() => {
    if (result.isLoading) userState.getUserInfoStatus = 'loading';
  }, [result.isLoading]);
  return result;
}
