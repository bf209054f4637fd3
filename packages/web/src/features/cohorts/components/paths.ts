/** The cohort screens' paths and permission (the contract's route tree). */
export const P = 'herald.ota.cohort';
export const COHORT_LIST = '/resource/cohort';
export const cohortAdd = () => `${COHORT_LIST}/add`;
export const cohortDetail = (id: number) => `${COHORT_LIST}/detail/${id}`;
