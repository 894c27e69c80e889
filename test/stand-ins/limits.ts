/**
 * Excel's limits that both stand-ins for Excel hold the add-in to, with the figures Microsoft gives:
 * the workbook harness (a functions' Excel.run, requestPayload.ts) and the pane's Excel.run shim.
 */

/**
 * Bytes of one Excel.run request or response in Excel on the web, which fails a larger one with
 * `RequestPayloadSizeLimitExceeded` ("Resource limits and performance optimization for Office
 * Add-ins"; the code from "Error handling with the application-specific JavaScript APIs"). The pane
 * runs on the web too, so the shim holds every host to it.
 */
export const REQUEST_PAYLOAD_LIMIT = 5_000_000;

/**
 * Merged areas Range.getMergedAreasOrNullObject returns at most (the typings, ExcelApi 1.13: "if the
 * merged areas count in this range is more than 512, then this method will fail to return the result").
 */
export const MERGED_AREAS_LIMIT = 512;
