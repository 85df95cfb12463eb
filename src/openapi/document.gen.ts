// Generated from spec/petstore.openapi.yaml + spec/petstore-kit.overlay.yaml by `npm run generate`. Do not edit.
import type { OpenApiDocument } from './openapi-document.ts';

export const document: OpenApiDocument = {
  "openapi": "3.0.3",
  "info": {
    "title": "Pet Store",
    "version": "1.0.0",
    "description": "HTTP and JSON pet store inventory interface. Clients list animals, add an animal, and read a single\nanimal by identifier. All requests and responses use JSON (application/json). All operations require\nauthentication: the HTTP bearer scheme applies to every operation of the service, and a missing or\ninvalid key gets 401 with an Error body. API keys are generated from an account, which is created by\nsigning up (the quickstart flow).\n\nNot shown by the source document, and therefore not described here: the operations and payloads of\nthe other tag groups (the store group's orders listing is named, nothing more), which operations carry\na stability marker (experimental or beta) or hide the interactive test panel, the set of error codes,\npagination other than `limit` and any paging metadata, category records, transitions of the animal and\nmessage statuses, the quickstart's success status code, events and webhooks, rate limits, quotas and\nsize limits.\n",
    "x-petstore-kit-outside-the-document": "Unknown paths get 404, other methods 405 with Allow; both carry the Error body."
  },
  "servers": [
    {
      "url": "{base_url}",
      "description": "Production. The source document names the address only as {base_url}, which ends with the path segment /v1 (the version).",
      "variables": {
        "base_url": {
          "default": "https://api.petstore.invalid/v1",
          "description": "A placeholder (the .invalid domain of RFC 2606); the source document does not show the production address."
        }
      }
    },
    {
      "url": "{staging_base_url}",
      "description": "Staging. The source document names the address only as {staging_base_url}, which ends with the path segment /v1.",
      "variables": {
        "staging_base_url": {
          "default": "https://staging.petstore.invalid/v1",
          "description": "A placeholder; the source document does not show the staging address."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "animals",
      "description": "Listing, adding and reading animals. The only tag whose operations are shown."
    },
    {
      "name": "store",
      "description": "The store group, which includes an orders listing (GET /store/orders). Its operations and payloads are\nnot shown by the source document.\n"
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "tags": [
          "animals"
        ],
        "summary": "List animals",
        "description": "Lists animals. The response is a paginated list of animals; pagination parameters other than `limit`, and any envelope or paging metadata, are not shown.",
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Maximum number of animals returned.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100,
              "default": 20
            }
          },
          {
            "name": "status",
            "in": "query",
            "required": false,
            "description": "Filters by availability.",
            "schema": {
              "$ref": "#/components/schemas/PetStatus"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A paginated list of animals.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pets"
                },
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
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          }
        },
        "x-petstore-kit-order": "ascending id"
      },
      "post": {
        "operationId": "createPet",
        "tags": [
          "animals"
        ],
        "summary": "Add an animal",
        "description": "Adds an animal. The service assigns its id.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Animal added; the service assigns id.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                }
              }
            },
            "headers": {
              "Location": {
                "description": "The created pet's URL, e.g. /v1/pets/51.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "description": "Body missing, required fields missing, or values invalid.",
            "x-conditions": [
              "body-missing",
              "required-field-missing",
              "invalid-value",
              "invalid-json",
              "content-type-not-json"
            ],
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/StorageFailed"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "tags": [
          "animals"
        ],
        "summary": "Read one animal (deprecated)",
        "deprecated": true,
        "description": "Returns one animal. Deprecated: scheduled for removal on 5 December 2030 (`x-sunset`). The replacement\nis GET /pets with the status filter (`x-replacement`).\n",
        "x-sunset": "2030-12-05",
        "x-replacement": {
          "operationId": "listPets",
          "description": "GET /pets with the status filter."
        },
        "parameters": [
          {
            "name": "petId",
            "in": "path",
            "required": true,
            "description": "The identifier of the animal.",
            "schema": {
              "type": "integer",
              "format": "int64"
            },
            "example": 1
          }
        ],
        "responses": {
          "200": {
            "description": "Animal found.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
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
            },
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
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "description": "No such animal.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
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
        },
        "x-deprecation-date": "2026-01-01"
      }
    },
    "/store/orders": {
      "get": {
        "tags": [
          "store"
        ],
        "summary": "List orders (payloads not shown)",
        "description": "The store group's orders listing. The source document names it and states that every operation of\nthe service requires the bearer credential; its operationId, parameters and payloads are not shown.\n",
        "responses": {
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
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
        },
        "operationId": "listOrders"
      }
    },
    "/messages": {
      "servers": [
        {
          "url": "{quickstart_base_url}",
          "description": "The quickstart's own address; the source document names it only as {quickstart_base_url}.",
          "variables": {
            "quickstart_base_url": {
              "default": "https://quickstart.petstore.invalid",
              "description": "A placeholder; the source document does not show the quickstart address."
            }
          }
        }
      ],
      "post": {
        "operationId": "sendMessage",
        "summary": "Send a message (quickstart)",
        "description": "Sends a message. The response's status may show that the message was only queued; callers check\n`status` to tell. The success status code is not stated by the source document, so any 2xx is\ndeclared.\n",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/MessageRequest"
              }
            }
          }
        },
        "responses": {
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
          "400": {
            "description": "Invalid JSON, message field missing, or the Content-Type header not application/json.",
            "x-conditions": [
              "invalid-json",
              "required-field-missing",
              "content-type-not-json",
              "body-missing",
              "invalid-value"
            ],
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "503": {
            "$ref": "#/components/responses/StorageFailed"
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "The API key, sent in the Authorization header as `Bearer <API_KEY>`. Keys are generated from an account created by signing up (the quickstart flow)."
      }
    },
    "responses": {
      "Unauthorized": {
        "description": "The credential is missing or invalid.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
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
      },
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
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability status. It may be supplied on creation and is used as a list filter.",
        "enum": [
          "available",
          "pending",
          "sold"
        ]
      },
      "NewPet": {
        "type": "object",
        "description": "Request body for creating an animal.",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "description": "The animal's name."
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "description": "Identifier of the category the animal belongs to (category records are not shown).",
            "x-petstore-kit-int64": "exact"
          },
          "status": {
            "allOf": [
              {
                "$ref": "#/components/schemas/PetStatus"
              }
            ],
            "default": "available"
          }
        },
        "x-petstore-kit-unknown-fields": "ignored"
      },
      "Pet": {
        "description": "Response representation of an animal. All NewPet fields plus id.",
        "allOf": [
          {
            "$ref": "#/components/schemas/NewPet"
          },
          {
            "type": "object",
            "required": [
              "id"
            ],
            "properties": {
              "id": {
                "type": "integer",
                "format": "int64",
                "description": "Unique identifier, assigned by the service on creation."
              }
            }
          }
        ]
      },
      "Pets": {
        "type": "array",
        "description": "An array of Pet.",
        "items": {
          "$ref": "#/components/schemas/Pet"
        }
      },
      "Error": {
        "type": "object",
        "description": "Body of error responses.",
        "required": [
          "code",
          "message",
          "status"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code. The set of values is not shown by the source document.",
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
          "message": {
            "type": "string",
            "description": "Human-readable description."
          },
          "status": {
            "type": "integer",
            "description": "The HTTP status code."
          },
          "issues": {
            "type": "array",
            "description": "The validation issues found, each with its location; at most 10, the message counting the rest.",
            "items": {
              "$ref": "#/components/schemas/Issue"
            }
          }
        }
      },
      "MessageRequest": {
        "type": "object",
        "description": "Request body of the quickstart message operation.",
        "required": [
          "message"
        ],
        "properties": {
          "message": {
            "type": "string",
            "description": "Text sent."
          }
        }
      },
      "Message": {
        "type": "object",
        "description": "The quickstart message (quickstart operation only). The seed: success is \"a Message object (id, message, status, createdAt)\" and \"callers check status to tell\": a success response carries all four.",
        "required": [
          "id",
          "message",
          "status",
          "createdAt"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Identifier of the message, assigned by the service."
          },
          "message": {
            "type": "string",
            "description": "Text sent."
          },
          "status": {
            "type": "string",
            "description": "Processing status. The value queued is shown (accepted but not yet processed); other values are not listed.",
            "example": "queued"
          },
          "createdAt": {
            "type": "string",
            "format": "date-time",
            "pattern": "(Z|z|\\+00:?00)$",
            "description": "Timestamp in ISO 8601, in UTC."
          }
        }
      },
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
    },
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
};
