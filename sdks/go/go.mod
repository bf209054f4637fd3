module herald/sdk

go 1.19
