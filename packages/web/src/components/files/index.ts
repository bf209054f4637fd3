/** Uploads of package files, shared by the firmware, resource package, SmartConfig and task screens. */
export { PackageUpload, type PackageUploadProps } from './PackageUpload';
export { FileEntries } from './FileEntries';
export { formatBytes, formatBytesExact } from './format-bytes';
export { checkFile, acceptOf } from './check-file';
export { uploadFile } from './upload-file';
export { versionRule } from './version-rule';
export { OwnerTag } from './OwnerTag';
export { useIdRouteParam } from './use-id-route-param';
export { PackageList } from './PackageList';
export { PackageForm, PackageTextField, VersionField, orUndefined } from './PackageForm';
export { PackageDetail } from './PackageDetail';
export { usePackageDeletable, type PackageRow } from './package-deletable';
