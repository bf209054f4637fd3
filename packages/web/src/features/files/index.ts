/** Uploads of package files, shared by the firmware, resource package, SmartConfig and task screens. */
export { PackageUpload, type PackageUploadProps } from './components/PackageUpload';
export { FileEntries } from './components/FileEntries';
export { formatBytes, formatBytesExact } from './components/format-bytes';
export { checkFile, acceptOf } from './components/check-file';
export { uploadFile } from './api/upload-file';
export { versionRule } from './components/version-rule';
export { OwnerTag } from './components/OwnerTag';
export { useIdRouteParam } from './components/use-id-route-param';
export { usePackageTailColumns } from './components/package-columns';
