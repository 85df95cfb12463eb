// Generated from spec/petstore.openapi.yaml + spec/petstore-kit.overlay.yaml by `npm run generate`. Do not edit.
export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List animals
         * @description Lists animals. The response is a paginated list of animals; pagination parameters other than `limit`, and any envelope or paging metadata, are not shown.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Adds an animal. The service assigns its id.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one animal (deprecated)
         * @deprecated
         * @description Returns one animal. Deprecated: scheduled for removal on 5 December 2030 (`x-sunset`). The replacement
         *     is GET /pets with the status filter (`x-replacement`).
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/store/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders (payloads not shown)
         * @description The store group's orders listing. The source document names it and states that every operation of
         *     the service requires the bearer credential; its operationId, parameters and payloads are not shown.
         */
        get: operations["listOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message (quickstart)
         * @description Sends a message. The response's status may show that the message was only queued; callers check
         *     `status` to tell. The success status code is not stated by the source document, so any 2xx is
         *     declared.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Availability status. It may be supplied on creation and is used as a list filter.
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /** @description Request body for creating an animal. */
        NewPet: {
            /** @description The animal's name. */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to (category records are not shown).
             */
            categoryId: number | bigint;
            /** @default available */
            status?: components["schemas"]["PetStatus"];
        };
        /** @description Response representation of an animal. All NewPet fields plus id. */
        Pet: components["schemas"]["NewPet"] & {
            /**
             * Format: int64
             * @description Unique identifier, assigned by the service on creation.
             */
            id: number | bigint;
        };
        /** @description An array of Pet. */
        Pets: components["schemas"]["Pet"][];
        /** @description Body of error responses. */
        Error: {
            /** @description Machine-readable error code. The set of values is not shown by the source document. */
            code: string;
            /** @description Human-readable description. */
            message: string;
            /** @description The HTTP status code. */
            status: number;
            /** @description The validation issues found, each with its location; at most 10, the message counting the rest. */
            issues?: components["schemas"]["Issue"][];
        };
        /** @description Request body of the quickstart message operation. */
        MessageRequest: {
            /** @description Text sent. */
            message: string;
        };
        /** @description The quickstart message (quickstart operation only). The seed: success is "a Message object (id, message, status, createdAt)" and "callers check status to tell": a success response carries all four. */
        Message: {
            /** @description Identifier of the message, assigned by the service. */
            id: string;
            /** @description Text sent. */
            message: string;
            /**
             * @description Processing status. The value queued is shown (accepted but not yet processed); other values are not listed.
             * @example queued
             */
            status: string;
            /**
             * Format: date-time
             * @description Timestamp in ISO 8601, in UTC.
             */
            createdAt: string;
        };
        /** @description One validation issue of a request. */
        Issue: {
            /** @enum {string} */
            in: "path" | "query" | "header" | "body";
            /** @description JSON Pointer (RFC 6901) into the body, or the parameter or header name. */
            pointer: string;
            message: string;
        };
    };
    responses: {
        /** @description The credential is missing or invalid. */
        Unauthorized: {
            headers: {
                /** @description Always `Bearer` with a realm; `error="invalid_token"` when a key was sent but is not valid. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is invalid; `message` names the offending field and `issues` lists every problem. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body is over the 1 MiB limit (`x-max-body-bytes`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The change could not be saved, so it was not made; retrying later may succeed. */
        StorageFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The date the operation was deprecated, as an RFC 9745 structured-field date. */
        Deprecation: string;
        /** @description The removal date of the operation (RFC 8594). */
        Sunset: string;
        /** @description The replacement, GET /pets, with rel="successor-version" (RFC 8288). */
        Link: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /** @description Maximum number of animals returned. */
                limit?: number;
                /** @description Filters by availability. */
                status?: components["schemas"]["PetStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated list of animals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description Animal added; the service assigns id. */
            201: {
                headers: {
                    /** @description The created pet's URL, e.g. /v1/pets/51. */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description Body missing, required fields missing, or values invalid. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            503: components["responses"]["StorageFailed"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The identifier of the animal.
                 * @example 1
                 */
                petId: number | bigint;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Animal found. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No such animal. */
            404: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The operation has passed its removal date (2030-12-05) and is gone. */
            410: {
                headers: {
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            /** @description The store group's operations are not shown by the interface, so the mock does not serve them. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageRequest"];
            };
        };
        responses: {
            /** @description The message, accepted and queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description Invalid JSON, message field missing, or the Content-Type header not application/json. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            503: components["responses"]["StorageFailed"];
        };
    };
}
