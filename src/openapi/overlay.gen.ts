// Generated from spec/petstore-kit.overlay.yaml by `npm run generate`. Do not edit.
import type { OverlayDocument } from './apply-overlay.ts';

export const petstoreKitOverlay: OverlayDocument = {
  "overlay": "1.0.0",
  "info": {
    "title": "petstore-kit's choices on the Pet Store interface",
    "version": "1.0.0"
  },
  "actions": [
    {
      "target": "$.components.schemas.Error",
      "description": "Our error codes. The seed does not show the set of `code` values; ours are listed here (and in docs/errors.md). Clients should not rely on them.",
      "update": {
        "properties": {
          "code": {
            "x-petstore-kit-codes": [
              "VALIDATION_FAILED",
              "MALFORMED_JSON",
              "INVALID_CONTENT_TYPE",
              "UNAUTHORIZED",
              "HOST_NOT_ALLOWED",
              "ORIGIN_NOT_ALLOWED",
              "PET_NOT_FOUND",
              "NOT_FOUND",
              "METHOD_NOT_ALLOWED",
              "GONE",
              "PAYLOAD_TOO_LARGE",
              "MALFORMED_REQUEST",
              "HEADERS_TOO_LARGE",
              "REQUEST_TIMEOUT",
              "EXPECTATION_FAILED",
              "STORAGE_FAILED",
              "INTERNAL",
              "FORCED_STATUS",
              "INJECTED_FAULT",
              "RULE_STATUS"
            ]
          },
          "issues": {
            "type": "array",
            "description": "The validation issues found, each with its location; at most 10, the message counting the rest.",
            "items": {
              "$ref": "#/components/schemas/Issue"
            }
          }
        }
      }
    },
    {
      "target": "$.components.schemas",
      "description": "An optional `issues` list in the Error body, one entry per problem with its location, so a client can show the mistakes at once (the first 10; the message counts the rest, so no answer grows with the input). The seed's Error has code, message and status only.",
      "update": {
        "Issue": {
          "type": "object",
          "description": "One validation issue of a request.",
          "required": [
            "in",
            "pointer",
            "message"
          ],
          "properties": {
            "in": {
              "type": "string",
              "enum": [
                "path",
                "query",
                "header",
                "body"
              ]
            },
            "pointer": {
              "type": "string",
              "description": "JSON Pointer (RFC 6901) into the body, or the parameter or header name."
            },
            "message": {
              "type": "string"
            }
          }
        }
      }
    },
    {
      "target": "$.components",
      "description": "A 401 carries `WWW-Authenticate: Bearer realm=\"petstore\"` (RFC 9110 §11.6.1, RFC 6750 §3), so a client learns the scheme; the seed shows only the Error body. Invalid input is answered 400 with the Error body wherever the seed leaves the status open (the shared BadRequest response).",
      "update": {
        "responses": {
          "Unauthorized": {
            "headers": {
              "WWW-Authenticate": {
                "description": "Always `Bearer` with a realm; `error=\"invalid_token\"` when a key was sent but is not valid.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "BadRequest": {
            "description": "The request is invalid; `message` names the offending field and `issues` lists every problem.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "PayloadTooLarge": {
            "description": "The request body is over the 1 MiB limit (`x-max-body-bytes`).",
            "x-max-body-bytes": 1048576,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    {
      "target": "$.components",
      "description": "A change the mock could not save to its state file (`serve --state-file`: disk full, I/O error) is not made and is answered 503 with the Error body (code STORAGE_FAILED), so a client never takes it for done. The seed says nothing of persistence.",
      "update": {
        "responses": {
          "StorageFailed": {
            "description": "The change could not be saved, so it was not made; retrying later may succeed.",
            "x-conditions": [
              "storage-failed"
            ],
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    {
      "target": "$.info",
      "description": "Requests outside the document: an unknown path gets 404 and a known path with another method 405 with an `Allow` header (RFC 9110 §15.5.6), both with the Error body. The seed does not show them.",
      "update": {
        "x-petstore-kit-outside-the-document": "Unknown paths get 404, other methods 405 with Allow; both carry the Error body."
      }
    },
    {
      "target": "$.paths['/pets'].get.responses",
      "description": "A `limit` outside 1..100 or not an integer, a `status` outside the enumeration (another letter case too), and either parameter given twice, get 400 with the Error body. The seed states the bounds and the enumeration, not how a request that breaks them is answered.",
      "update": {
        "400": {
          "$ref": "#/components/responses/BadRequest"
        }
      }
    },
    {
      "target": "$.paths['/pets'].get",
      "description": "Pets are listed in ascending id order, as a plain array with no envelope, so the first page is stable. The seed says the list is paginated and shows only `limit`.",
      "update": {
        "x-petstore-kit-order": "ascending id"
      }
    },
    {
      "target": "$.components.schemas.NewPet.properties.status",
      "description": "A pet created without a status is recorded as available (the request schema's `default`). The seed says status is optional on creation, not what an omitted one means.",
      "remove": true
    },
    {
      "target": "$.components.schemas.NewPet.properties",
      "description": "A pet created without a status is recorded as available (the request schema's `default`). The seed says status is optional on creation, not what an omitted one means.",
      "update": {
        "status": {
          "allOf": [
            {
              "$ref": "#/components/schemas/PetStatus"
            }
          ],
          "default": "available"
        }
      }
    },
    {
      "target": "$.components.schemas.NewPet",
      "description": "Fields NewPet does not define are ignored, never stored. The seed does not say.",
      "update": {
        "x-petstore-kit-unknown-fields": "ignored"
      }
    },
    {
      "target": "$.paths['/pets'].post.responses['201']",
      "description": "The 201 carries a `Location` header with the created pet's URL (RFC 9110 §10.2.2). The seed does not mention one.",
      "update": {
        "headers": {
          "Location": {
            "description": "The created pet's URL, e.g. /v1/pets/51.",
            "schema": {
              "type": "string"
            }
          }
        }
      }
    },
    {
      "target": "$.paths['/pets'].post.responses['400']",
      "description": "Every invalid body gets 400 with the Error body, malformed JSON and a Content-Type other than application/json included. The seed names 400 for a missing body, missing required fields and invalid values only; for the rest it leaves the status open.",
      "update": {
        "x-conditions": [
          "invalid-json",
          "content-type-not-json"
        ]
      }
    },
    {
      "target": "$.components.schemas.NewPet.properties.categoryId",
      "description": "An int64 beyond 2^53 − 1 (e.g. categoryId 9007199254740993) is accepted and kept digit for digit. The seed says int64; JSON (RFC 8259 §6) and I-JSON (RFC 7493 §2.2) warn that such numbers are not exact in every receiver, so a service may also refuse them rather than round them.",
      "update": {
        "x-petstore-kit-int64": "exact"
      }
    },
    {
      "target": "$.paths['/pets'].post.responses",
      "description": "A request body over 1 MiB gets 413 with the Error body. The seed shows no size limits. A pet the mock could not save to its state file gets 503 (StorageFailed).",
      "update": {
        "413": {
          "$ref": "#/components/responses/PayloadTooLarge"
        },
        "503": {
          "$ref": "#/components/responses/StorageFailed"
        }
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get",
      "description": "The deprecation is announced with the `Deprecation` header (RFC 9745) dated 2026-01-01 (`x-deprecation-date`), the removal date with `Sunset` (RFC 8594) and the replacement with `Link` rel=\"successor-version\" (RFC 8288). The seed says the operation is deprecated and removed on 5 December 2030; it gives no announcement date and no headers.",
      "update": {
        "x-deprecation-date": "2026-01-01"
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get.responses['200']",
      "description": "The Deprecation, Sunset and Link headers on every answer of getPet (see x-deprecation-date).",
      "update": {
        "headers": {
          "Deprecation": {
            "$ref": "#/components/headers/Deprecation"
          },
          "Sunset": {
            "$ref": "#/components/headers/Sunset"
          },
          "Link": {
            "$ref": "#/components/headers/Link"
          }
        }
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get.responses['404']",
      "description": "The Deprecation, Sunset and Link headers on every answer of getPet (see x-deprecation-date).",
      "update": {
        "headers": {
          "Deprecation": {
            "$ref": "#/components/headers/Deprecation"
          },
          "Sunset": {
            "$ref": "#/components/headers/Sunset"
          },
          "Link": {
            "$ref": "#/components/headers/Link"
          }
        }
      }
    },
    {
      "target": "$.components",
      "description": "The Deprecation, Sunset and Link headers of getPet.",
      "update": {
        "headers": {
          "Deprecation": {
            "description": "The date the operation was deprecated, as an RFC 9745 structured-field date.",
            "schema": {
              "type": "string",
              "example": "@1767225600"
            }
          },
          "Sunset": {
            "description": "The removal date of the operation (RFC 8594).",
            "schema": {
              "type": "string",
              "example": "Thu, 05 Dec 2030 00:00:00 GMT"
            }
          },
          "Link": {
            "description": "The replacement, GET /pets, with rel=\"successor-version\" (RFC 8288).",
            "schema": {
              "type": "string"
            }
          }
        }
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get.responses",
      "description": "A petId that is not an int64 gets 400 with the Error body, and after the removal date (2030-12-05) the operation answers 410 Gone with the Error body. The seed documents only 401 and 404, and says the operation is removed on that date, not how a removed operation answers.",
      "update": {
        "400": {
          "$ref": "#/components/responses/BadRequest"
        },
        "410": {
          "description": "The operation has passed its removal date (2030-12-05) and is gone.",
          "headers": {
            "Sunset": {
              "$ref": "#/components/headers/Sunset"
            },
            "Link": {
              "$ref": "#/components/headers/Link"
            }
          },
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Error"
              }
            }
          }
        }
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get.parameters[0]",
      "description": "An example id, so tools that build requests from examples (Dredd) have a value to send.",
      "update": {
        "example": 1
      }
    },
    {
      "target": "$.paths['/store/orders'].get",
      "description": "Our name for the orders listing, listOrders (the seed names none), and its answer with a valid key: 404 with the Error body, saying that the store group's operations are not shown by the interface. Without a valid key it answers 401 like every operation, as the seed says.",
      "update": {
        "operationId": "listOrders"
      }
    },
    {
      "target": "$.paths['/store/orders'].get.responses.default",
      "description": "The orders listing's answer with a valid key is our 404 (see listOrders).",
      "remove": true
    },
    {
      "target": "$.paths['/store/orders'].get.responses",
      "description": "The orders listing's answer with a valid key is our 404 (see listOrders).",
      "update": {
        "404": {
          "description": "The store group's operations are not shown by the interface, so the mock does not serve them.",
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Error"
              }
            }
          }
        }
      }
    },
    {
      "target": "$.paths['/messages'].post.responses['2XX']",
      "description": "The quickstart answers a sent message with 202 Accepted, since the message is accepted but not yet processed (status queued). The seed leaves the success code open; clients should accept any 2xx.",
      "remove": true
    },
    {
      "target": "$.paths['/messages'].post.responses",
      "description": "The quickstart answers a sent message with 202 Accepted, since the message is accepted but not yet processed (status queued). The seed leaves the success code open; clients should accept any 2xx. A body over 1 MiB gets 413; a message the mock could not save to its state file gets 503.",
      "update": {
        "202": {
          "description": "The message, accepted and queued.",
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Message"
              }
            }
          }
        },
        "413": {
          "$ref": "#/components/responses/PayloadTooLarge"
        },
        "503": {
          "$ref": "#/components/responses/StorageFailed"
        }
      }
    },
    {
      "target": "$.paths['/messages'].post.responses['400']",
      "description": "Every invalid message body gets 400 with the Error body, a `message` that is not a string included. The seed names 400 for invalid JSON, a missing message field and a Content-Type other than application/json; for the rest it leaves the status open.",
      "update": {
        "x-conditions": [
          "body-missing",
          "invalid-value"
        ]
      }
    },
    {
      "target": "$.paths['/pets'].get.responses['200'].content['application/json']",
      "description": "Named answers a frontend can ask for with `Prefer: example=NAME` (Prism's convention), to build the states of a page without changing the data: `full-page` (100 pets, the largest page `limit` allows: the layout under load) and `empty` (no pet matches: the empty state). `full-page` comes first because Prism's static mock answers the first example. The seed shows no examples.",
      "update": {
        "examples": {
          "full-page": {
            "summary": "A full page of 100 pets, the most one page may hold (limit ≤ 100).",
            "value": [
              {
                "id": 1,
                "name": "Bruno",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 2,
                "name": "Cooper",
                "categoryId": 3,
                "status": "pending"
              },
              {
                "id": 3,
                "name": "Ace",
                "categoryId": 5,
                "status": "sold"
              },
              {
                "id": 4,
                "name": "Rosie",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 5,
                "name": "Bentley",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 6,
                "name": "Stella",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 7,
                "name": "Joey",
                "categoryId": 3,
                "status": "pending"
              },
              {
                "id": 8,
                "name": "Murphey",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 9,
                "name": "Ace",
                "categoryId": 1,
                "status": "available"
              },
              {
                "id": 10,
                "name": "Dixie",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 11,
                "name": "Nova",
                "categoryId": 2,
                "status": "sold"
              },
              {
                "id": 12,
                "name": "Mia",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 13,
                "name": "Tuffy",
                "categoryId": 4,
                "status": "sold"
              },
              {
                "id": 14,
                "name": "Murphey",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 15,
                "name": "Hank",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 16,
                "name": "Buddy",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 17,
                "name": "Gus",
                "categoryId": 3,
                "status": "pending"
              },
              {
                "id": 18,
                "name": "Jack",
                "categoryId": 1,
                "status": "available"
              },
              {
                "id": 19,
                "name": "Milo",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 20,
                "name": "Daisy",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 21,
                "name": "Joey",
                "categoryId": 3,
                "status": "available"
              },
              {
                "id": 22,
                "name": "Lola",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 23,
                "name": "Cooper",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 24,
                "name": "Joey",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 25,
                "name": "Louie",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 26,
                "name": "Jax",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 27,
                "name": "Stella",
                "categoryId": 1,
                "status": "pending"
              },
              {
                "id": 28,
                "name": "Archie",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 29,
                "name": "Oreo",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 30,
                "name": "Max",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 31,
                "name": "Dixie",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 32,
                "name": "Teddy",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 33,
                "name": "Oreo",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 34,
                "name": "Rosie",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 35,
                "name": "Maggie",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 36,
                "name": "Louie",
                "categoryId": 3,
                "status": "available"
              },
              {
                "id": 37,
                "name": "Bailey",
                "categoryId": 5,
                "status": "sold"
              },
              {
                "id": 38,
                "name": "Charlie",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 39,
                "name": "Gracie",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 40,
                "name": "Gus",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 41,
                "name": "Finn",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 42,
                "name": "Charlie",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 43,
                "name": "Cookie",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 44,
                "name": "Bentley",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 45,
                "name": "Lucy",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 46,
                "name": "Finn",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 47,
                "name": "Ace",
                "categoryId": 1,
                "status": "pending"
              },
              {
                "id": 48,
                "name": "Bandit",
                "categoryId": 2,
                "status": "sold"
              },
              {
                "id": 49,
                "name": "Oreo",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 50,
                "name": "Dixie",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 51,
                "name": "Kobe",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 52,
                "name": "Maggie",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 53,
                "name": "Molly",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 54,
                "name": "Ginger",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 55,
                "name": "Finn",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 56,
                "name": "Ace",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 57,
                "name": "Stella",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 58,
                "name": "Cookie",
                "categoryId": 3,
                "status": "pending"
              },
              {
                "id": 59,
                "name": "Bella",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 60,
                "name": "Teddy",
                "categoryId": 5,
                "status": "sold"
              },
              {
                "id": 61,
                "name": "Joey",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 62,
                "name": "Scout",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 63,
                "name": "Murphey",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 64,
                "name": "Lola",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 65,
                "name": "Lucy",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 66,
                "name": "Lucy",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 67,
                "name": "Gus",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 68,
                "name": "Tuffy",
                "categoryId": 4,
                "status": "sold"
              },
              {
                "id": 69,
                "name": "Tuffy",
                "categoryId": 1,
                "status": "available"
              },
              {
                "id": 70,
                "name": "Molly",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 71,
                "name": "Joey",
                "categoryId": 3,
                "status": "available"
              },
              {
                "id": 72,
                "name": "Cookie",
                "categoryId": 1,
                "status": "pending"
              },
              {
                "id": 73,
                "name": "Bruno",
                "categoryId": 4,
                "status": "sold"
              },
              {
                "id": 74,
                "name": "Max",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 75,
                "name": "Joey",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 76,
                "name": "Max",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 77,
                "name": "Nala",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 78,
                "name": "Maggie",
                "categoryId": 1,
                "status": "pending"
              },
              {
                "id": 79,
                "name": "Daisy",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 80,
                "name": "Rosie",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 81,
                "name": "Jack",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 82,
                "name": "Ginger",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 83,
                "name": "Buddy",
                "categoryId": 3,
                "status": "available"
              },
              {
                "id": 84,
                "name": "Jax",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 85,
                "name": "Buddy",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 86,
                "name": "Louie",
                "categoryId": 1,
                "status": "pending"
              },
              {
                "id": 87,
                "name": "Jack",
                "categoryId": 2,
                "status": "available"
              },
              {
                "id": 88,
                "name": "Coco",
                "categoryId": 1,
                "status": "sold"
              },
              {
                "id": 89,
                "name": "Bentley",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 90,
                "name": "Archie",
                "categoryId": 1,
                "status": "available"
              },
              {
                "id": 91,
                "name": "Murphey",
                "categoryId": 2,
                "status": "sold"
              },
              {
                "id": 92,
                "name": "Finn",
                "categoryId": 4,
                "status": "pending"
              },
              {
                "id": 93,
                "name": "Coco",
                "categoryId": 3,
                "status": "sold"
              },
              {
                "id": 94,
                "name": "Louie",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 95,
                "name": "Scout",
                "categoryId": 5,
                "status": "available"
              },
              {
                "id": 96,
                "name": "Gracie",
                "categoryId": 5,
                "status": "pending"
              },
              {
                "id": 97,
                "name": "Hank",
                "categoryId": 4,
                "status": "available"
              },
              {
                "id": 98,
                "name": "Oreo",
                "categoryId": 1,
                "status": "available"
              },
              {
                "id": 99,
                "name": "Ginger",
                "categoryId": 2,
                "status": "pending"
              },
              {
                "id": 100,
                "name": "Bruno",
                "categoryId": 4,
                "status": "pending"
              }
            ]
          },
          "empty": {
            "summary": "No pet matches (the empty state of a list page).",
            "value": []
          }
        }
      }
    },
    {
      "target": "$.paths['/pets/{petId}'].get.responses['200'].content['application/json']",
      "description": "Named answers of getPet for `Prefer: example=NAME`: `sold` (a pet that can no longer be adopted) and `long-name` (a name long enough to test wrapping and truncation in a layout). The seed shows no examples.",
      "update": {
        "examples": {
          "sold": {
            "summary": "A sold pet.",
            "value": {
              "id": 7,
              "name": "Biscuit",
              "categoryId": 2,
              "status": "sold"
            }
          },
          "long-name": {
            "summary": "A pet whose name tests wrapping and truncation.",
            "value": {
              "id": 8,
              "name": "Sir Reginald Barkington-Fluffington the Third of Lower Wagglesworth",
              "categoryId": 1,
              "status": "available"
            }
          }
        }
      }
    }
  ]
};
